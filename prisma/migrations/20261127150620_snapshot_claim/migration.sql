-- AlterTable
ALTER TABLE "RunSnapshot" ADD COLUMN "claimedUntil" DATETIME;
