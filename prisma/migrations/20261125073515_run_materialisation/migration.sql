-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Run" (
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
    "materialising" BOOLEAN NOT NULL DEFAULT false,
    "materialiseCursor" TEXT,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME
);
INSERT INTO "new_Run" ("cacheHits", "createdAt", "doneCount", "error", "errorCount", "finishedAt", "id", "judgeId", "judgeSettings", "mode", "name", "selection", "startedAt", "status", "total") SELECT "cacheHits", "createdAt", "doneCount", "error", "errorCount", "finishedAt", "id", "judgeId", "judgeSettings", "mode", "name", "selection", "startedAt", "status", "total" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");
CREATE INDEX "Run_status_idx" ON "Run"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
