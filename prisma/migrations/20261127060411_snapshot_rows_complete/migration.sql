-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_RunSnapshot" (
    "runId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "doneCount" INTEGER NOT NULL,
    "errorCount" INTEGER NOT NULL,
    "costMs" INTEGER NOT NULL,
    "computedAt" DATETIME NOT NULL,
    "rowsComplete" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("runId", "kind"),
    CONSTRAINT "RunSnapshot_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_RunSnapshot" ("computedAt", "costMs", "doneCount", "errorCount", "kind", "runId", "value") SELECT "computedAt", "costMs", "doneCount", "errorCount", "kind", "runId", "value" FROM "RunSnapshot";
DROP TABLE "RunSnapshot";
ALTER TABLE "new_RunSnapshot" RENAME TO "RunSnapshot";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
