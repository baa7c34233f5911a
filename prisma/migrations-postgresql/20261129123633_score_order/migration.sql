-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_mode_score_toolCallId_idx" ON "Evaluation"("runId", "criterionId", "mode", "score", "toolCallId");
