-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TraceSpan" (
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("traceId", "spanId")
);
INSERT INTO "new_TraceSpan" ("data", "receivedAt", "spanId", "traceId") SELECT "data", "receivedAt", "spanId", "traceId" FROM "TraceSpan";
DROP TABLE "TraceSpan";
ALTER TABLE "new_TraceSpan" RENAME TO "TraceSpan";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
