-- CreateTable
CREATE TABLE "Monitor" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "sample" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "reviewQueueId" TEXT,
    "reviewPerDay" INTEGER,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Monitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitorInbox" (
    "monitorId" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,
    "arrivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MonitorInbox_pkey" PRIMARY KEY ("monitorId","transcriptId")
);

-- CreateTable
CREATE TABLE "AlertRule" (
    "id" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "criterionId" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "windowCalls" INTEGER,
    "windowMs" INTEGER,
    "webhook" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "value" DOUBLE PRECISION,
    "measuredAt" TIMESTAMP(3),
    "seenUntil" TIMESTAMP(3),

    CONSTRAINT "AlertRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "ruleId" TEXT,
    "state" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "payload" JSONB NOT NULL,
    "webhook" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivery" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "AlertEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitorHour" (
    "monitorId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "dirty" BOOLEAN NOT NULL DEFAULT true,
    "marks" INTEGER NOT NULL DEFAULT 1,
    "computedAt" TIMESTAMP(3),

    CONSTRAINT "MonitorHour_pkey" PRIMARY KEY ("monitorId","hour")
);

-- CreateTable
CREATE TABLE "MonitorBucket" (
    "monitorId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "criterionId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "judged" INTEGER NOT NULL,
    "passes" INTEGER NOT NULL,
    "scoreSum" DOUBLE PRECISION NOT NULL,
    "scoreSquares" DOUBLE PRECISION NOT NULL,
    "notApplicable" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,

    CONSTRAINT "MonitorBucket_pkey" PRIMARY KEY ("monitorId","hour","criterionId","dimension","value")
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

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_reviewQueueId_fkey" FOREIGN KEY ("reviewQueueId") REFERENCES "ReviewQueue"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorInbox" ADD CONSTRAINT "MonitorInbox_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorInbox" ADD CONSTRAINT "MonitorInbox_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRule" ADD CONSTRAINT "AlertRule_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRule" ADD CONSTRAINT "AlertRule_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "Criterion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertEvent" ADD CONSTRAINT "AlertEvent_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertEvent" ADD CONSTRAINT "AlertEvent_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AlertRule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorHour" ADD CONSTRAINT "MonitorHour_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorBucket" ADD CONSTRAINT "MonitorBucket_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
