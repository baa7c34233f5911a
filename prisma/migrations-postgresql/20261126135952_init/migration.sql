-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" TEXT NOT NULL DEFAULT 'viewer',
    "deactivatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "userId" TEXT NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "accessToken" TEXT,
    "refreshToken" TEXT,
    "idToken" TEXT,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "refreshTokenExpiresAt" TIMESTAMP(3),
    "scope" TEXT,
    "password" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Verification" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Upload" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "fileNames" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'done',
    "importedCount" INTEGER NOT NULL DEFAULT 0,
    "duplicateCount" INTEGER NOT NULL DEFAULT 0,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "warningCount" INTEGER NOT NULL DEFAULT 0,
    "report" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FileImport" (
    "id" TEXT NOT NULL,
    "uploadId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'importing',
    "owner" TEXT NOT NULL,
    "error" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PendingTranscript" (
    "transcriptId" TEXT NOT NULL,
    "importId" TEXT NOT NULL,

    CONSTRAINT "PendingTranscript_pkey" PRIMARY KEY ("transcriptId")
);

-- CreateTable
CREATE TABLE "Transcript" (
    "id" TEXT NOT NULL,
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
    "model" TEXT,
    "taskId" TEXT,
    "trial" TEXT,
    "tags" TEXT,
    "reward" DOUBLE PRECISION,
    "success" BOOLEAN,
    "metadataVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Transcript_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ToolCall" (
    "id" TEXT NOT NULL,
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

    CONSTRAINT "ToolCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Criterion" (
    "id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "scale" TEXT NOT NULL,
    "condition" TEXT NOT NULL,
    "title" TEXT,
    "source" TEXT NOT NULL DEFAULT 'user',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Criterion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
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
    "materialising" BOOLEAN NOT NULL DEFAULT false,
    "materialiseCursor" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunCriterion" (
    "runId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "RunCriterion_pkey" PRIMARY KEY ("runId","criterionId")
);

-- CreateTable
CREATE TABLE "Evaluation" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
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

    CONSTRAINT "Evaluation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CallComparison" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "flipped" BOOLEAN,
    "delta" DOUBLE PRECISION,
    "immediateVerdict" TEXT NOT NULL,
    "hindsightVerdict" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CallComparison_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeCache" (
    "key" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeCache_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ReviewQueue" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewQueue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewLabel" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewLabel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL,
    "queueId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "runId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "evaluationId" TEXT NOT NULL,
    "reasons" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "verdict" TEXT,
    "humanPassed" BOOLEAN,
    "humanScore" DOUBLE PRECISION,
    "verdictById" TEXT,
    "verdictAt" TIMESTAMP(3),
    "labelId" TEXT,
    "assigneeId" TEXT,
    "lockedById" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Comment" (
    "id" TEXT NOT NULL,
    "reviewId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "parentId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "editedAt" TIMESTAMP(3),

    CONSTRAINT "Comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewEvent" (
    "id" TEXT NOT NULL,
    "reviewId" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TraceSpan" (
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TraceSpan_pkey" PRIMARY KEY ("traceId","spanId")
);

-- CreateTable
CREATE TABLE "TraceGroup" (
    "id" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "sessionId" TEXT,
    "spanCount" INTEGER NOT NULL DEFAULT 0,
    "llmSpanCount" INTEGER NOT NULL DEFAULT 0,
    "toolSpanCount" INTEGER NOT NULL DEFAULT 0,
    "firstSpanAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSpanAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pending" BOOLEAN NOT NULL DEFAULT true,
    "assembledAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "transcriptId" TEXT,

    CONSTRAINT "TraceGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "lastFailureAt" TIMESTAMP(3) NOT NULL,
    "blockedUntil" TIMESTAMP(3),

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Session_token_key" ON "Session"("token");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Account_userId_idx" ON "Account"("userId");

-- CreateIndex
CREATE INDEX "Verification_identifier_idx" ON "Verification"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_createdAt_idx" ON "ApiToken"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_email_idx" ON "Invitation"("email");

-- CreateIndex
CREATE INDEX "Upload_createdAt_idx" ON "Upload"("createdAt");

-- CreateIndex
CREATE INDEX "FileImport_status_idx" ON "FileImport"("status");

-- CreateIndex
CREATE INDEX "PendingTranscript_importId_idx" ON "PendingTranscript"("importId");

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
CREATE INDEX "Transcript_model_idx" ON "Transcript"("model");

-- CreateIndex
CREATE INDEX "Transcript_taskId_idx" ON "Transcript"("taskId");

-- CreateIndex
CREATE INDEX "Transcript_success_idx" ON "Transcript"("success");

-- CreateIndex
CREATE INDEX "Transcript_metadataVersion_idx" ON "Transcript"("metadataVersion");

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
CREATE INDEX "Evaluation_runId_toolCallId_idx" ON "Evaluation"("runId", "toolCallId");

-- CreateIndex
CREATE INDEX "Evaluation_toolCallId_idx" ON "Evaluation"("toolCallId");

-- CreateIndex
CREATE INDEX "Evaluation_runId_status_idx" ON "Evaluation"("runId", "status");

-- CreateIndex
CREATE INDEX "Evaluation_status_claimedAt_idx" ON "Evaluation"("status", "claimedAt");

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_score_idx" ON "Evaluation"("runId", "criterionId", "score");

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_passed_idx" ON "Evaluation"("runId", "criterionId", "passed");

-- CreateIndex
CREATE INDEX "Evaluation_runId_criterionId_mode_status_passed_score_toolC_idx" ON "Evaluation"("runId", "criterionId", "mode", "status", "passed", "score", "toolCallId");

-- CreateIndex
CREATE INDEX "Evaluation_cacheKey_idx" ON "Evaluation"("cacheKey");

-- CreateIndex
CREATE UNIQUE INDEX "Evaluation_runId_toolCallId_criterionId_mode_key" ON "Evaluation"("runId", "toolCallId", "criterionId", "mode");

-- CreateIndex
CREATE INDEX "CallComparison_toolCallId_idx" ON "CallComparison"("toolCallId");

-- CreateIndex
CREATE INDEX "CallComparison_runId_criterionId_flipped_idx" ON "CallComparison"("runId", "criterionId", "flipped");

-- CreateIndex
CREATE INDEX "CallComparison_runId_flipped_idx" ON "CallComparison"("runId", "flipped");

-- CreateIndex
CREATE INDEX "CallComparison_runId_criterionId_delta_idx" ON "CallComparison"("runId", "criterionId", "delta");

-- CreateIndex
CREATE UNIQUE INDEX "CallComparison_runId_toolCallId_criterionId_key" ON "CallComparison"("runId", "toolCallId", "criterionId");

-- CreateIndex
CREATE INDEX "ReviewQueue_runId_idx" ON "ReviewQueue"("runId");

-- CreateIndex
CREATE INDEX "ReviewQueue_createdAt_idx" ON "ReviewQueue"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewLabel_name_key" ON "ReviewLabel"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Review_evaluationId_key" ON "Review"("evaluationId");

-- CreateIndex
CREATE INDEX "Review_queueId_status_position_idx" ON "Review"("queueId", "status", "position");

-- CreateIndex
CREATE INDEX "Review_assigneeId_status_idx" ON "Review"("assigneeId", "status");

-- CreateIndex
CREATE INDEX "Review_runId_toolCallId_idx" ON "Review"("runId", "toolCallId");

-- CreateIndex
CREATE INDEX "Review_toolCallId_idx" ON "Review"("toolCallId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_queueId_position_key" ON "Review"("queueId", "position");

-- CreateIndex
CREATE INDEX "Comment_reviewId_createdAt_idx" ON "Comment"("reviewId", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewEvent_reviewId_createdAt_idx" ON "ReviewEvent"("reviewId", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewEvent_actorId_createdAt_idx" ON "ReviewEvent"("actorId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TraceGroup_traceId_key" ON "TraceGroup"("traceId");

-- CreateIndex
CREATE INDEX "TraceGroup_pending_lastSpanAt_idx" ON "TraceGroup"("pending", "lastSpanAt");

-- CreateIndex
CREATE INDEX "TraceGroup_sessionId_idx" ON "TraceGroup"("sessionId");

-- CreateIndex
CREATE INDEX "TraceGroup_transcriptId_idx" ON "TraceGroup"("transcriptId");

-- CreateIndex
CREATE INDEX "SignInThrottle_blockedUntil_idx" ON "SignInThrottle"("blockedUntil");

-- CreateIndex
CREATE INDEX "SignInThrottle_lastFailureAt_idx" ON "SignInThrottle"("lastFailureAt");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileImport" ADD CONSTRAINT "FileImport_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PendingTranscript" ADD CONSTRAINT "PendingTranscript_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PendingTranscript" ADD CONSTRAINT "PendingTranscript_importId_fkey" FOREIGN KEY ("importId") REFERENCES "FileImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Transcript" ADD CONSTRAINT "Transcript_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ToolCall" ADD CONSTRAINT "ToolCall_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunCriterion" ADD CONSTRAINT "RunCriterion_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunCriterion" ADD CONSTRAINT "RunCriterion_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evaluation" ADD CONSTRAINT "Evaluation_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evaluation" ADD CONSTRAINT "Evaluation_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evaluation" ADD CONSTRAINT "Evaluation_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallComparison" ADD CONSTRAINT "CallComparison_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallComparison" ADD CONSTRAINT "CallComparison_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewQueue" ADD CONSTRAINT "ReviewQueue_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewQueue" ADD CONSTRAINT "ReviewQueue_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_queueId_fkey" FOREIGN KEY ("queueId") REFERENCES "ReviewQueue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "ToolCall"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "Evaluation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_verdictById_fkey" FOREIGN KEY ("verdictById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "ReviewLabel"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_lockedById_fkey" FOREIGN KEY ("lockedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewEvent" ADD CONSTRAINT "ReviewEvent_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewEvent" ADD CONSTRAINT "ReviewEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TraceGroup" ADD CONSTRAINT "TraceGroup_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Default review labels, as SQLite's 20261122110000_default_review_labels inserts them (data only).
INSERT INTO "ReviewLabel" ("id", "name", "description", "position") VALUES
  ('review-label-wrong-tool', 'wrong tool', 'The agent called a tool that does not fit the request.', 0),
  ('review-label-bad-argument', 'bad argument', 'The right tool, with an argument that is wrong, missing or malformed.', 1),
  ('review-label-fabricated-value', 'fabricated value', 'An argument holds a value the user never gave and no tool returned.', 2),
  ('review-label-ignored-error', 'ignored error', 'The agent went on as if a failed tool call had succeeded.', 3),
  ('review-label-unnecessary-call', 'unnecessary call', 'The call was not needed: a repeat, or an answer already known.', 4),
  ('review-label-judge-mistake', 'judge mistake', 'The call was fine or wrong, and the judge said the opposite.', 5)
ON CONFLICT DO NOTHING;
