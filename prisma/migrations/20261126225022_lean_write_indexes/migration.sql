-- DropIndex
DROP INDEX "CallComparison_runId_criterionId_delta_idx";

-- DropIndex
DROP INDEX "CallComparison_runId_flipped_idx";

-- DropIndex
DROP INDEX "CallComparison_runId_criterionId_flipped_idx";

-- DropIndex
DROP INDEX "Evaluation_status_claimedAt_idx";

-- DropIndex
DROP INDEX "Evaluation_runId_criterionId_passed_idx";

-- DropIndex
DROP INDEX "Evaluation_runId_criterionId_score_idx";

-- DropIndex
DROP INDEX "TranscriptEvaluation_status_claimedAt_idx";

-- CreateIndex
CREATE INDEX "CallComparison_runId_flipped_toolCallId_criterionId_idx" ON "CallComparison"("runId", "flipped", "toolCallId", "criterionId");

-- CreateIndex
CREATE INDEX "Evaluation_running_claimedBy_claimedAt_idx" ON "Evaluation"("claimedBy", "claimedAt") WHERE "status" = 'running';

-- CreateIndex
CREATE INDEX "TranscriptEvaluation_running_claimedBy_claimedAt_idx" ON "TranscriptEvaluation"("claimedBy", "claimedAt") WHERE "status" = 'running';
