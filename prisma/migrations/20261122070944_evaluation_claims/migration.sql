-- AlterTable
ALTER TABLE "Evaluation" ADD COLUMN "claimedBy" TEXT;
ALTER TABLE "Evaluation" ADD COLUMN "errorKind" TEXT;
ALTER TABLE "Evaluation" ADD COLUMN "measuredBy" JSONB;

-- CreateIndex
CREATE INDEX "Evaluation_status_claimedAt_idx" ON "Evaluation"("status", "claimedAt");
