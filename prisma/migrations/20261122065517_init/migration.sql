-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'viewer',
    "passwordHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Upload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "source" TEXT NOT NULL,
    "fileNames" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'done',
    "importedCount" INTEGER NOT NULL DEFAULT 0,
    "duplicateCount" INTEGER NOT NULL DEFAULT 0,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "warningCount" INTEGER NOT NULL DEFAULT 0,
    "report" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Transcript" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "uploadId" TEXT,
    "name" TEXT NOT NULL,
    "sourceFile" TEXT,
    "sourceLocation" TEXT,
    "format" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "messages" JSONB NOT NULL,
    "tools" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "messageCount" INTEGER NOT NULL,
    "toolCallCount" INTEGER NOT NULL,
    "warningCount" INTEGER NOT NULL DEFAULT 0,
    "warnings" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Transcript_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ToolCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "transcriptId" TEXT NOT NULL,
    "callId" TEXT NOT NULL,
    "messageIndex" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "toolName" TEXT NOT NULL,
    "rawArguments" TEXT NOT NULL,
    "parsedArguments" JSONB,
    "argumentsError" TEXT,
    "responseIndex" INTEGER,
    "response" TEXT,
    CONSTRAINT "ToolCall_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Criterion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "scale" TEXT NOT NULL,
    "condition" TEXT NOT NULL,
    "title" TEXT,
    "source" TEXT NOT NULL DEFAULT 'user',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "judgeSettings" JSONB NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "selection" JSONB NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "doneCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "RunCriterion" (
    "runId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    PRIMARY KEY ("runId", "criterionId"),
    CONSTRAINT "RunCriterion_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RunCriterion_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Evaluation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
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
    "claimedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "Evaluation_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Evaluation_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Evaluation_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeCache" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "judgeId" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "evaluationId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "verdict" TEXT,
    "humanPassed" BOOLEAN,
    "humanScore" REAL,
    "label" TEXT,
    "assigneeId" TEXT,
    "lockedBy" TEXT,
    "lockedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Review_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "Evaluation" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Review_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Comment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reviewId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "parentId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Comment_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Comment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Upload_createdAt_idx" ON "Upload"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Transcript_contentHash_key" ON "Transcript"("contentHash");

-- CreateIndex
CREATE INDEX "Transcript_createdAt_idx" ON "Transcript"("createdAt");

-- CreateIndex
CREATE INDEX "Transcript_name_idx" ON "Transcript"("name");

-- CreateIndex
CREATE INDEX "Transcript_uploadId_idx" ON "Transcript"("uploadId");

-- CreateIndex
CREATE INDEX "Transcript_warningCount_idx" ON "Transcript"("warningCount");

-- CreateIndex
CREATE INDEX "ToolCall_toolName_idx" ON "ToolCall"("toolName");

-- CreateIndex
CREATE INDEX "ToolCall_transcriptId_ordinal_idx" ON "ToolCall"("transcriptId", "ordinal");

-- CreateIndex
CREATE UNIQUE INDEX "ToolCall_transcriptId_messageIndex_position_key" ON "ToolCall"("transcriptId", "messageIndex", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Criterion_text_key" ON "Criterion"("text");

-- CreateIndex
CREATE INDEX "Criterion_archived_createdAt_idx" ON "Criterion"("archived", "createdAt");

-- CreateIndex
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");

-- CreateIndex
CREATE INDEX "Run_status_idx" ON "Run"("status");

-- CreateIndex
CREATE INDEX "RunCriterion_criterionId_idx" ON "RunCriterion"("criterionId");

-- CreateIndex
CREATE INDEX "Evaluation_runId_status_idx" ON "Evaluation"("runId", "status");

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_score_idx" ON "Evaluation"("runId", "criterionId", "score");

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_passed_idx" ON "Evaluation"("runId", "criterionId", "passed");

-- CreateIndex
CREATE INDEX "Evaluation_cacheKey_idx" ON "Evaluation"("cacheKey");

-- CreateIndex
CREATE UNIQUE INDEX "Evaluation_runId_toolCallId_criterionId_mode_key" ON "Evaluation"("runId", "toolCallId", "criterionId", "mode");

-- CreateIndex
CREATE INDEX "Review_runId_status_idx" ON "Review"("runId", "status");

-- CreateIndex
CREATE INDEX "Review_assigneeId_status_idx" ON "Review"("assigneeId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Review_runId_toolCallId_evaluationId_key" ON "Review"("runId", "toolCallId", "evaluationId");

-- CreateIndex
CREATE INDEX "Comment_reviewId_createdAt_idx" ON "Comment"("reviewId", "createdAt");
