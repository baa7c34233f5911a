-- CreateTable
CREATE TABLE "TranscriptEvaluation" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "score" DOUBLE PRECISION,
    "passed" BOOLEAN,
    "explanation" TEXT,
    "findings" JSONB,
    "judgeId" TEXT,
    "latencyMs" INTEGER,
    "usage" JSONB,
    "costUsd" DOUBLE PRECISION,
    "cacheKey" TEXT,
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "errorKind" TEXT,
    "measuredBy" JSONB,
    "claimedBy" TEXT,
    "claimedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "TranscriptEvaluation_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "TranscriptEvaluation" ADD CONSTRAINT "TranscriptEvaluation_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptEvaluation" ADD CONSTRAINT "TranscriptEvaluation_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptEvaluation" ADD CONSTRAINT "TranscriptEvaluation_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
