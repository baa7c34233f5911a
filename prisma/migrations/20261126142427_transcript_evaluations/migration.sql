-- CreateTable
CREATE TABLE "TranscriptEvaluation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "score" REAL,
    "passed" BOOLEAN,
    "explanation" TEXT,
    "findings" JSONB,
    "judgeId" TEXT,
    "latencyMs" INTEGER,
    "usage" JSONB,
    "costUsd" REAL,
    "cacheKey" TEXT,
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "errorKind" TEXT,
    "measuredBy" JSONB,
    "claimedBy" TEXT,
    "claimedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "TranscriptEvaluation_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TranscriptEvaluation_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TranscriptEvaluation_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TranscriptEvaluation_runId_status_idx" ON "TranscriptEvaluation"("runId", "status");

-- CreateIndex
CREATE INDEX "TranscriptEvaluation_status_claimedAt_idx" ON "TranscriptEvaluation"("status", "claimedAt");

-- CreateIndex
CREATE INDEX "TranscriptEvaluation_transcriptId_idx" ON "TranscriptEvaluation"("transcriptId");

-- CreateIndex
CREATE INDEX "TranscriptEvaluation_criterionId_idx" ON "TranscriptEvaluation"("criterionId");

-- CreateIndex
CREATE UNIQUE INDEX "TranscriptEvaluation_runId_transcriptId_criterionId_key" ON "TranscriptEvaluation"("runId", "transcriptId", "criterionId");
