-- AlterTable
ALTER TABLE "RunSnapshot" ADD COLUMN     "rowsComplete" BOOLEAN NOT NULL DEFAULT false;
