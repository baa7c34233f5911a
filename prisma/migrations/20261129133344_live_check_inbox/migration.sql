-- CreateTable
CREATE TABLE "LiveCheckInbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "monitorId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "reply" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    CONSTRAINT "LiveCheckInbox_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LiveCheckInbox_monitorId_idx" ON "LiveCheckInbox"("monitorId");
