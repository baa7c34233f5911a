-- DropIndex
DROP INDEX "Evaluation_runId_criterionId_mode_status_passed_score_toolC_idx";

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_mode_status_passed_toolCallId__idx" ON "Evaluation"("runId", "criterionId", "mode", "status", "passed", "toolCallId", "score");
