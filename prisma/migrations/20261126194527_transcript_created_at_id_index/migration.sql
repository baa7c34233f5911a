-- DropIndex
DROP INDEX "Transcript_createdAt_idx";

-- CreateIndex
CREATE INDEX "Transcript_createdAt_id_idx" ON "Transcript"("createdAt", "id");
