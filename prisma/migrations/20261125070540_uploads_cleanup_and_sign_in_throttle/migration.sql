-- CreateTable
CREATE TABLE "FileImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "uploadId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'importing',
    "owner" TEXT NOT NULL,
    "error" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FileImport_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PendingTranscript" (
    "transcriptId" TEXT NOT NULL PRIMARY KEY,
    "importId" TEXT NOT NULL,
    CONSTRAINT "PendingTranscript_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PendingTranscript_importId_fkey" FOREIGN KEY ("importId") REFERENCES "FileImport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" DATETIME NOT NULL,
    "lastFailureAt" DATETIME NOT NULL,
    "blockedUntil" DATETIME
);

-- CreateIndex
CREATE INDEX "FileImport_status_idx" ON "FileImport"("status");

-- CreateIndex
CREATE INDEX "PendingTranscript_importId_idx" ON "PendingTranscript"("importId");

-- CreateIndex
CREATE INDEX "SignInThrottle_blockedUntil_idx" ON "SignInThrottle"("blockedUntil");

-- CreateIndex
CREATE INDEX "SignInThrottle_lastFailureAt_idx" ON "SignInThrottle"("lastFailureAt");

-- CreateIndex
CREATE INDEX "CallComparison_toolCallId_idx" ON "CallComparison"("toolCallId");

-- CreateIndex
CREATE INDEX "Evaluation_toolCallId_idx" ON "Evaluation"("toolCallId");

-- CreateIndex
CREATE INDEX "Review_toolCallId_idx" ON "Review"("toolCallId");
