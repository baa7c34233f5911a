-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Criterion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "scale" TEXT NOT NULL,
    "condition" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'call',
    "title" TEXT,
    "source" TEXT NOT NULL DEFAULT 'user',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Criterion" ("archived", "condition", "createdAt", "id", "kind", "scale", "source", "text", "title", "updatedAt") SELECT "archived", "condition", "createdAt", "id", "kind", "scale", "source", "text", "title", "updatedAt" FROM "Criterion";
DROP TABLE "Criterion";
ALTER TABLE "new_Criterion" RENAME TO "Criterion";
CREATE UNIQUE INDEX "Criterion_text_key" ON "Criterion"("text");
CREATE INDEX "Criterion_archived_createdAt_idx" ON "Criterion"("archived", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
