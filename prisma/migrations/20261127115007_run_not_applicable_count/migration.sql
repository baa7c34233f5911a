-- AlterTable
ALTER TABLE "Run" ADD COLUMN "notApplicableCount" INTEGER NOT NULL DEFAULT 0;

-- Runs stored before: their not-applicable rows, counted once.
UPDATE "Run" SET "notApplicableCount" =
  (SELECT COUNT(*) FROM "Evaluation" e WHERE e."runId" = "Run"."id" AND e."status" = 'not-applicable')
  + (SELECT COUNT(*) FROM "TranscriptEvaluation" t WHERE t."runId" = "Run"."id" AND t."status" = 'not-applicable');
