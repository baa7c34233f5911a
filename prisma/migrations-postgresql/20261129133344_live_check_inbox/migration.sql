-- CreateTable
CREATE TABLE "LiveCheckInbox" (
    "id" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "reply" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveCheckInbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LiveCheckInbox_monitorId_idx" ON "LiveCheckInbox"("monitorId");

-- AddForeignKey
ALTER TABLE "LiveCheckInbox" ADD CONSTRAINT "LiveCheckInbox_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
