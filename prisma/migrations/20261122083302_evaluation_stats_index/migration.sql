-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_mode_status_passed_score_toolCallId_idx" ON "Evaluation"("runId", "criterionId", "mode", "status", "passed", "score", "toolCallId");
