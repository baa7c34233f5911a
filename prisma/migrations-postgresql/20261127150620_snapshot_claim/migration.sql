-- AlterTable
ALTER TABLE "RunSnapshot" ADD COLUMN     "claimedUntil" TIMESTAMP(3);
