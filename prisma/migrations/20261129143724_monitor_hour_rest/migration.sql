-- AlterTable
ALTER TABLE "MonitorHour" ADD COLUMN "restUntil" DATETIME;
