-- The metadata's well-known fields as columns (lib/transcripts/metadata-fields.ts). Existing rows
-- keep metadataVersion 0 and are filled by the start-up step (lib/server/transcripts/metadata-index.ts),
-- which applies the same rules as an import: one owner for the aliases, not a copy of them in SQL.
ALTER TABLE "Transcript" ADD COLUMN "model" TEXT;
ALTER TABLE "Transcript" ADD COLUMN "taskId" TEXT;
ALTER TABLE "Transcript" ADD COLUMN "trial" TEXT;
ALTER TABLE "Transcript" ADD COLUMN "tags" TEXT;
ALTER TABLE "Transcript" ADD COLUMN "reward" REAL;
ALTER TABLE "Transcript" ADD COLUMN "success" BOOLEAN;
ALTER TABLE "Transcript" ADD COLUMN "metadataVersion" INTEGER NOT NULL DEFAULT 0;

CREATE INDEX "Transcript_model_idx" ON "Transcript"("model");
CREATE INDEX "Transcript_taskId_idx" ON "Transcript"("taskId");
CREATE INDEX "Transcript_success_idx" ON "Transcript"("success");
CREATE INDEX "Transcript_metadataVersion_idx" ON "Transcript"("metadataVersion");
