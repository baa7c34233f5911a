-- CreateTable
CREATE TABLE "Monitor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "sample" REAL NOT NULL DEFAULT 1,
    "reviewQueueId" TEXT,
    "reviewPerDay" INTEGER,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Monitor_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Monitor_reviewQueueId_fkey" FOREIGN KEY ("reviewQueueId") REFERENCES "ReviewQueue" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Monitor_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MonitorInbox" (
    "monitorId" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,
    "arrivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("monitorId", "transcriptId"),
    CONSTRAINT "MonitorInbox_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MonitorInbox_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "monitorId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "criterionId" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "threshold" REAL NOT NULL,
    "windowCalls" INTEGER,
    "windowMs" INTEGER,
    "webhook" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "value" REAL,
    "measuredAt" DATETIME,
    "seenUntil" DATETIME,
    CONSTRAINT "AlertRule_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertRule_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "monitorId" TEXT NOT NULL,
    "ruleId" TEXT,
    "state" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "threshold" REAL NOT NULL,
    "payload" JSONB NOT NULL,
    "webhook" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivery" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" DATETIME,
    "lastError" TEXT,
    "deliveredAt" DATETIME,
    CONSTRAINT "AlertEvent_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertEvent_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AlertRule" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MonitorHour" (
    "monitorId" TEXT NOT NULL,
    "hour" DATETIME NOT NULL,
    "dirty" BOOLEAN NOT NULL DEFAULT true,
    "marks" INTEGER NOT NULL DEFAULT 1,
    "computedAt" DATETIME,

    PRIMARY KEY ("monitorId", "hour"),
    CONSTRAINT "MonitorHour_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MonitorBucket" (
    "monitorId" TEXT NOT NULL,
    "hour" DATETIME NOT NULL,
    "criterionId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "judged" INTEGER NOT NULL,
    "passes" INTEGER NOT NULL,
    "scoreSum" REAL NOT NULL,
    "scoreSquares" REAL NOT NULL,
    "notApplicable" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,

    PRIMARY KEY ("monitorId", "hour", "criterionId", "dimension", "value"),
    CONSTRAINT "MonitorBucket_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Monitor_runId_key" ON "Monitor"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "Monitor_reviewQueueId_key" ON "Monitor"("reviewQueueId");

-- CreateIndex
CREATE INDEX "Monitor_createdAt_idx" ON "Monitor"("createdAt");

-- CreateIndex
CREATE INDEX "MonitorInbox_transcriptId_idx" ON "MonitorInbox"("transcriptId");

-- CreateIndex
CREATE INDEX "AlertRule_monitorId_position_idx" ON "AlertRule"("monitorId", "position");

-- CreateIndex
CREATE INDEX "AlertRule_criterionId_idx" ON "AlertRule"("criterionId");

-- CreateIndex
CREATE INDEX "AlertEvent_monitorId_createdAt_idx" ON "AlertEvent"("monitorId", "createdAt");

-- CreateIndex
CREATE INDEX "AlertEvent_delivery_nextAttemptAt_idx" ON "AlertEvent"("delivery", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertEvent_ruleId_idx" ON "AlertEvent"("ruleId");

-- CreateIndex
CREATE INDEX "MonitorHour_dirty_idx" ON "MonitorHour"("dirty");
