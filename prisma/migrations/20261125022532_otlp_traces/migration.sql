-- CreateTable
CREATE TABLE "TraceSpan" (
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("traceId", "spanId")
);

-- CreateTable
CREATE TABLE "TraceGroup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "traceId" TEXT NOT NULL,
    "sessionId" TEXT,
    "spanCount" INTEGER NOT NULL DEFAULT 0,
    "llmSpanCount" INTEGER NOT NULL DEFAULT 0,
    "toolSpanCount" INTEGER NOT NULL DEFAULT 0,
    "firstSpanAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSpanAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pending" BOOLEAN NOT NULL DEFAULT true,
    "assembledAt" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "transcriptId" TEXT,
    CONSTRAINT "TraceGroup_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "TraceGroup_traceId_key" ON "TraceGroup"("traceId");

-- CreateIndex
CREATE INDEX "TraceGroup_pending_lastSpanAt_idx" ON "TraceGroup"("pending", "lastSpanAt");

-- CreateIndex
CREATE INDEX "TraceGroup_sessionId_idx" ON "TraceGroup"("sessionId");

-- CreateIndex
CREATE INDEX "TraceGroup_transcriptId_idx" ON "TraceGroup"("transcriptId");
