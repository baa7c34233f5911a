-- CreateTable
CREATE TABLE "RunSnapshot" (
    "runId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "doneCount" INTEGER NOT NULL,
    "errorCount" INTEGER NOT NULL,
    "costMs" INTEGER NOT NULL,
    "computedAt" DATETIME NOT NULL,

    PRIMARY KEY ("runId", "kind"),
    CONSTRAINT "RunSnapshot_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
