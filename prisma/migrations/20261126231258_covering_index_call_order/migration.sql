-- DropIndex
DROP INDEX "Evaluation_runId_criterionId_mode_status_passed_score_toolCallId_idx";

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_mode_status_passed_toolCallId_score_idx" ON "Evaluation"("runId", "criterionId", "mode", "status", "passed", "toolCallId", "score");
