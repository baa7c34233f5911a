import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pgQuery } from "@/lib/platform/db/pg-pool";

// loadBatch's and lookupCache's reads on PostgreSQL: the batch as one text[] parameter instead
// of SQLite's json_each, in the batch's order. Past Prisma (pg-pool.ts): transcripts are the
// bulk of what a worker reads, and Prisma's query layer converted every JSON value once more.

const LOAD = `
SELECT e."id", e."runId", e."toolCallId", e."criterionId", e."mode", c."text" AS "criterionText",
       t."transcriptId", t."callId", t."messageIndex", t."position", t."ordinal", t."toolName", t."rawArguments", t."responseIndex", t."response"
FROM unnest($1::text[]) WITH ORDINALITY AS j("id", "n")
JOIN "Evaluation" e ON e."id" = j."id"
JOIN "ToolCall" t ON t."id" = e."toolCallId"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."n"`;
const RUN_SETTINGS = `SELECT "id", "judgeSettings" FROM "Run" WHERE "id" = ANY($1::text[])`;
const TRANSCRIPTS = `SELECT "id", "messages", "tools" FROM "Transcript" WHERE "id" = ANY($1::text[])`;
const LOOKUP = `SELECT "key", "result" FROM "JudgeCache" WHERE "key" = ANY($1::text[])`;

export async function loadBatchRowsPostgres<Row extends { runId: string; transcriptId: string }>(
  prisma: PrismaClient,
  ids: readonly string[],
): Promise<{ rows: Row[]; runs: { id: string; judgeSettings: unknown }[]; transcripts: { id: string; messages: unknown; tools: unknown }[] }> {
  const rows = await pgQuery<Row>(prisma, LOAD, [[...ids]]);
  const runIds = [...new Set(rows.map((row) => row.runId))];
  const transcriptIds = [...new Set(rows.map((row) => row.transcriptId))];
  const [runs, transcripts] = await Promise.all([
    pgQuery<{ id: string; judgeSettings: unknown }>(prisma, RUN_SETTINGS, [runIds]),
    pgQuery<{ id: string; messages: unknown; tools: unknown }>(prisma, TRANSCRIPTS, [transcriptIds]),
  ]);
  return { rows, runs, transcripts };
}

export function lookupCacheRowsPostgres(prisma: PrismaClient, keys: readonly string[]): Promise<{ key: string; result: unknown }[]> {
  return pgQuery<{ key: string; result: unknown }>(prisma, LOOKUP, [[...keys]]);
}

const LOAD_TRANSCRIPT_ROWS = `
SELECT e."id", e."runId", e."transcriptId", c."text" AS "criterionText"
FROM unnest($1::text[]) WITH ORDINALITY AS j("id", "n")
JOIN "TranscriptEvaluation" e ON e."id" = j."id"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."n"`;

/** loadTranscriptBatch's reads on PostgreSQL: the claimed agent-level rows, their runs' settings and their transcripts. */
export async function loadTranscriptBatchRowsPostgres(
  prisma: PrismaClient,
  ids: readonly string[],
): Promise<{ rows: { id: string; runId: string; transcriptId: string; criterionText: string }[]; runs: { id: string; judgeSettings: unknown }[]; transcripts: { id: string; messages: unknown; tools: unknown }[] }> {
  const rows = await pgQuery<{ id: string; runId: string; transcriptId: string; criterionText: string }>(prisma, LOAD_TRANSCRIPT_ROWS, [[...ids]]);
  const [runs, transcripts] = await Promise.all([
    pgQuery<{ id: string; judgeSettings: unknown }>(prisma, RUN_SETTINGS, [[...new Set(rows.map((row) => row.runId))]]),
    pgQuery<{ id: string; messages: unknown; tools: unknown }>(prisma, TRANSCRIPTS, [[...new Set(rows.map((row) => row.transcriptId))]]),
  ]);
  return { rows, runs, transcripts };
}
