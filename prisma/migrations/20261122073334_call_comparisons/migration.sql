-- CreateTable
CREATE TABLE "CallComparison" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "flipped" BOOLEAN,
    "delta" REAL,
    "immediateVerdict" TEXT NOT NULL,
    "hindsightVerdict" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CallComparison_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CallComparison_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CallComparison_runId_criterionId_flipped_idx" ON "CallComparison"("runId", "criterionId", "flipped");

-- CreateIndex
CREATE INDEX "CallComparison_runId_flipped_idx" ON "CallComparison"("runId", "flipped");

-- CreateIndex
CREATE INDEX "CallComparison_runId_criterionId_delta_idx" ON "CallComparison"("runId", "criterionId", "delta");

-- CreateIndex
CREATE UNIQUE INDEX "CallComparison_runId_toolCallId_criterionId_key" ON "CallComparison"("runId", "toolCallId", "criterionId");

-- CreateIndex
CREATE INDEX "Evaluation_runId_toolCallId_idx" ON "Evaluation"("runId", "toolCallId");
