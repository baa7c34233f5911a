-- AlterTable
ALTER TABLE "MonitorHour" ADD COLUMN     "restUntil" TIMESTAMP(3);
