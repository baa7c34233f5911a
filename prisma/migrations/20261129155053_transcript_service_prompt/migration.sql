-- AlterTable
ALTER TABLE "Transcript" ADD COLUMN "promptVersion" TEXT;
ALTER TABLE "Transcript" ADD COLUMN "service" TEXT;

-- CreateIndex
CREATE INDEX "Transcript_service_idx" ON "Transcript"("service");

-- CreateIndex
CREATE INDEX "Transcript_promptVersion_idx" ON "Transcript"("promptVersion");
