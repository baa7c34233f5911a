import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseArguments } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTool, CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import { asJson, asNumber, parseJsonColumn } from "./sql";
import { dialectOf } from "@/lib/platform/db/dialect";
import { loadBatchRowsPostgres } from "./postgres/load";
import { readWithRetry, withWorkerDb } from "./worker-db";

/** Everything needed to judge one claimed evaluation. */
export interface WorkItem {
  id: string;
  runId: string;
  toolCallId: string;
  criterionId: string;
  mode: "immediate" | "hindsight";
  criterionText: string;
  judgeSettings: unknown;
  site: ToolCallSite;
  transcript: CanonicalTranscript;
}

interface Row {
  id: string;
  runId: string;
  toolCallId: string;
  criterionId: string;
  mode: string;
  criterionText: string;
  transcriptId: string;
  callId: string;
  messageIndex: unknown;
  position: unknown;
  ordinal: unknown;
  toolName: string;
  rawArguments: string;
  responseIndex: unknown;
  response: string | null;
}

const LOAD = `
SELECT e."id", e."runId", e."toolCallId", e."criterionId", e."mode", c."text" AS "criterionText",
       t."transcriptId", t."callId", t."messageIndex", t."position", t."ordinal", t."toolName", t."rawArguments", t."responseIndex", t."response"
FROM json_each(?) AS j
JOIN "Evaluation" e ON e."id" = j."value"
JOIN "ToolCall" t ON t."id" = e."toolCallId"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."key"`;

const RUN_SETTINGS = `SELECT "id", "judgeSettings" FROM "Run" WHERE "id" IN (SELECT "value" FROM json_each(?))`;
const TRANSCRIPTS = `SELECT "id", "messages", "tools" FROM "Transcript" WHERE "id" IN (SELECT "value" FROM json_each(?))`;

/**
 * Loads claimed evaluations with their call, criterion and run settings, and each transcript
 * they touch once, however many of the batch's rows share it: transcripts are the heavy part.
 * Three statements a batch, whatever its size.
 */
export async function loadBatch(prisma: PrismaClient, ids: readonly string[]): Promise<WorkItem[]> {
  if (!ids.length) return [];
  const { rows, runs, transcripts } = dialectOf(prisma) === "postgresql" ? await loadBatchRowsPostgres<Row>(prisma, ids) : await withWorkerDb(prisma, (db) =>
    readWithRetry(() => {
      const rows = db.statement(LOAD).all(asJson(ids)) as Row[];
      const runIds = [...new Set(rows.map((row) => row.runId))];
      const transcriptIds = [...new Set(rows.map((row) => row.transcriptId))];
      const runs = db.statement(RUN_SETTINGS).all(asJson(runIds)) as { id: string; judgeSettings: unknown }[];
      const transcripts = db.statement(TRANSCRIPTS).all(asJson(transcriptIds)) as { id: string; messages: unknown; tools: unknown }[];
      return { rows, runs, transcripts };
    }),
  );
  const settings = new Map(runs.map((run) => [run.id, parseJsonColumn(run.judgeSettings)]));
  // The JSON columns were validated into the canonical shape at import.
  const byId = new Map<string, CanonicalTranscript>(
    transcripts.map((row) => [row.id, { messages: parseJsonColumn(row.messages) as CanonicalMessage[], tools: parseJsonColumn(row.tools) as CanonicalTool[], metadata: {} }]),
  );
  return rows.flatMap((row): WorkItem[] => {
    const transcript = byId.get(row.transcriptId);
    if (!transcript) return [];
    const responseIndex = row.responseIndex === null ? null : asNumber(row.responseIndex);
    // Arguments are parsed again from the raw text, exactly as at import: the stored parsed
    // column cannot tell the JSON literal null from "no value".
    const site: ToolCallSite = {
      callId: row.callId,
      messageIndex: asNumber(row.messageIndex),
      position: asNumber(row.position),
      ordinal: asNumber(row.ordinal),
      toolName: row.toolName,
      rawArguments: row.rawArguments,
      arguments: parseArguments(row.rawArguments),
      responseIndex,
      response: row.response,
    };
    return [
      {
        id: row.id,
        runId: row.runId,
        toolCallId: row.toolCallId,
        criterionId: row.criterionId,
        mode: row.mode === "hindsight" ? "hindsight" : "immediate",
        criterionText: row.criterionText,
        judgeSettings: settings.get(row.runId),
        site,
        transcript,
      },
    ];
  });
}
