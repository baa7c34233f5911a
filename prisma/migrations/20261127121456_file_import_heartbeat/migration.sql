-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FileImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "uploadId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'importing',
    "owner" TEXT NOT NULL,
    "error" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FileImport_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FileImport" ("error", "fileName", "id", "owner", "startedAt", "status", "uploadId") SELECT "error", "fileName", "id", "owner", "startedAt", "status", "uploadId" FROM "FileImport";
DROP TABLE "FileImport";
ALTER TABLE "new_FileImport" RENAME TO "FileImport";
CREATE INDEX "FileImport_status_idx" ON "FileImport"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
