-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Review" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queueId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT,
    "evaluationId" TEXT,
    "transcriptEvaluationId" TEXT,
    "reasons" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "verdict" TEXT,
    "humanPassed" BOOLEAN,
    "humanScore" REAL,
    "verdictById" TEXT,
    "verdictAt" DATETIME,
    "labelId" TEXT,
    "assigneeId" TEXT,
    "lockedById" TEXT,
    "lockedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Review_queueId_fkey" FOREIGN KEY ("queueId") REFERENCES "ReviewQueue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "Evaluation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_transcriptEvaluationId_fkey" FOREIGN KEY ("transcriptEvaluationId") REFERENCES "TranscriptEvaluation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_verdictById_fkey" FOREIGN KEY ("verdictById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Review_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "ReviewLabel" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Review_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Review_lockedById_fkey" FOREIGN KEY ("lockedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Review" ("assigneeId", "createdAt", "evaluationId", "humanPassed", "humanScore", "id", "labelId", "lockedById", "lockedUntil", "position", "queueId", "reasons", "runId", "status", "toolCallId", "updatedAt", "verdict", "verdictAt", "verdictById") SELECT "assigneeId", "createdAt", "evaluationId", "humanPassed", "humanScore", "id", "labelId", "lockedById", "lockedUntil", "position", "queueId", "reasons", "runId", "status", "toolCallId", "updatedAt", "verdict", "verdictAt", "verdictById" FROM "Review";
DROP TABLE "Review";
ALTER TABLE "new_Review" RENAME TO "Review";
CREATE UNIQUE INDEX "Review_evaluationId_key" ON "Review"("evaluationId");
CREATE UNIQUE INDEX "Review_transcriptEvaluationId_key" ON "Review"("transcriptEvaluationId");
CREATE INDEX "Review_queueId_status_position_idx" ON "Review"("queueId", "status", "position");
CREATE INDEX "Review_assigneeId_status_idx" ON "Review"("assigneeId", "status");
CREATE INDEX "Review_runId_toolCallId_idx" ON "Review"("runId", "toolCallId");
CREATE INDEX "Review_toolCallId_idx" ON "Review"("toolCallId");
CREATE UNIQUE INDEX "Review_queueId_position_key" ON "Review"("queueId", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
