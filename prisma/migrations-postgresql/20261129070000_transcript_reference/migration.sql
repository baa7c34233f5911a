-- AlterTable
ALTER TABLE "Transcript" ADD COLUMN     "reference" TEXT;
