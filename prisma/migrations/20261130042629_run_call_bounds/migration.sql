-- AlterTable
ALTER TABLE "Run" ADD COLUMN "callsFrom" DATETIME;
ALTER TABLE "Run" ADD COLUMN "callsTo" DATETIME;

-- The runs stored before: their bounds from their results, as the writers keep them from now on.
UPDATE "Run" SET
  "callsFrom" = (SELECT MIN(t."createdAt") FROM "Evaluation" e JOIN "ToolCall" tc ON tc."id" = e."toolCallId" JOIN "Transcript" t ON t."id" = tc."transcriptId" WHERE e."runId" = "Run"."id"),
  "callsTo" = (SELECT MAX(t."createdAt") FROM "Evaluation" e JOIN "ToolCall" tc ON tc."id" = e."toolCallId" JOIN "Transcript" t ON t."id" = tc."transcriptId" WHERE e."runId" = "Run"."id");
