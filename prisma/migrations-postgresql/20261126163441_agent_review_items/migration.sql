-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "transcriptEvaluationId" TEXT,
ALTER COLUMN "toolCallId" DROP NOT NULL,
ALTER COLUMN "evaluationId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Review_transcriptEvaluationId_key" ON "Review"("transcriptEvaluationId");

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_transcriptEvaluationId_fkey" FOREIGN KEY ("transcriptEvaluationId") REFERENCES "TranscriptEvaluation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
