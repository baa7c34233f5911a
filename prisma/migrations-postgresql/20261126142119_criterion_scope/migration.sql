-- AlterTable
ALTER TABLE "Criterion" ADD COLUMN     "scope" TEXT NOT NULL DEFAULT 'call';
