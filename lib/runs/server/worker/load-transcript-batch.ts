import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import type { TranscriptView } from "@/lib/judging/judges/agent/types";
import { dialectOf } from "@/lib/platform/db/dialect";
import { loadTranscriptBatchRowsPostgres } from "./postgres/load";
import { asJson, parseJsonColumn } from "./sql";
import { readWithRetry, withWorkerDb } from "./worker-db";

/** Everything needed to judge one claimed agent-level result: a whole transcript against an agent criterion. */
export interface TranscriptWorkItem {
  id: string;
  runId: string;
  scope: "agent";
  transcriptId: string;
  criterionText: string;
  judgeSettings: unknown;
  view: TranscriptView;
}

const LOAD = `
SELECT e."id", e."runId", e."transcriptId", c."text" AS "criterionText"
FROM json_each(?) AS j
JOIN "TranscriptEvaluation" e ON e."id" = j."value"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."key"`;
const RUN_SETTINGS = `SELECT "id", "judgeSettings" FROM "Run" WHERE "id" IN (SELECT "value" FROM json_each(?))`;
const TRANSCRIPTS = `SELECT "id", "messages", "tools" FROM "Transcript" WHERE "id" IN (SELECT "value" FROM json_each(?))`;

/** Loads claimed agent-level rows with their criterion and run settings, each transcript once (as loadBatch does for calls). */
export async function loadTranscriptBatch(prisma: PrismaClient, ids: readonly string[]): Promise<TranscriptWorkItem[]> {
  if (!ids.length) return [];
  const { rows, runs, transcripts } =
    dialectOf(prisma) === "postgresql"
      ? await loadTranscriptBatchRowsPostgres(prisma, ids)
      : await withWorkerDb(prisma, (db) =>
          readWithRetry(() => {
            const rows = db.statement(LOAD).all(asJson(ids)) as { id: string; runId: string; transcriptId: string; criterionText: string }[];
            const runs = db.statement(RUN_SETTINGS).all(asJson([...new Set(rows.map((row) => row.runId))])) as { id: string; judgeSettings: unknown }[];
            const transcripts = db.statement(TRANSCRIPTS).all(asJson([...new Set(rows.map((row) => row.transcriptId))])) as { id: string; messages: unknown; tools: unknown }[];
            return { rows, runs, transcripts };
          }),
        );
  const settings = new Map(runs.map((run) => [run.id, parseJsonColumn(run.judgeSettings)]));
  // The JSON columns were validated into the canonical shape at import.
  const views = new Map<string, TranscriptView>(transcripts.map((row) => [row.id, { messages: parseJsonColumn(row.messages) as CanonicalMessage[], tools: parseJsonColumn(row.tools) as CanonicalTool[] }]));
  return rows.flatMap((row): TranscriptWorkItem[] => {
    const view = views.get(row.transcriptId);
    if (!view) return [];
    return [{ id: row.id, runId: row.runId, scope: "agent", transcriptId: row.transcriptId, criterionText: row.criterionText, judgeSettings: settings.get(row.runId), view }];
  });
}
