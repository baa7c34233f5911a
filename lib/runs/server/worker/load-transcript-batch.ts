import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import type { TranscriptView } from "@/lib/judging/judges/agent/types";
import { parseJsonColumn } from "./sql";
import { workerStore } from "./store";

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

/** Loads claimed agent-level rows with their criterion and run settings, each transcript once (as loadBatch does for calls). */
export async function loadTranscriptBatch(prisma: PrismaClient, ids: readonly string[]): Promise<TranscriptWorkItem[]> {
  if (!ids.length) return [];
  const { rows, runs, transcripts } = await workerStore(prisma).loadTranscriptBatchRows(prisma, ids);
  const settings = new Map(runs.map((run) => [run.id, parseJsonColumn(run.judgeSettings)]));
  // The JSON columns were validated into the canonical shape at import.
  const views = new Map<string, TranscriptView>(
    transcripts.map((row) => [row.id, { messages: parseJsonColumn(row.messages) as CanonicalMessage[], tools: parseJsonColumn(row.tools) as CanonicalTool[], ...(row.reference ? { referenceText: row.reference } : {}) }]),
  );
  return rows.flatMap((row): TranscriptWorkItem[] => {
    const view = views.get(row.transcriptId);
    if (!view) return [];
    return [{ id: row.id, runId: row.runId, scope: "agent", transcriptId: row.transcriptId, criterionText: row.criterionText, judgeSettings: settings.get(row.runId), view }];
  });
}
