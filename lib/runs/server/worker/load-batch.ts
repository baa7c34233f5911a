import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseArguments } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTool, CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import { asNumber, parseJsonColumn } from "./sql";
import { workerStore } from "./store";

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

/**
 * Loads claimed evaluations with their call, criterion and run settings, and each transcript
 * they touch once, however many of the batch's rows share it: transcripts are the heavy part.
 * Three statements a batch, whatever its size.
 */
export async function loadBatch(prisma: PrismaClient, ids: readonly string[]): Promise<WorkItem[]> {
  if (!ids.length) return [];
  const { rows, runs, transcripts } = await workerStore(prisma).loadBatchRows(prisma, ids);
  const settings = new Map(runs.map((run) => [run.id, parseJsonColumn(run.judgeSettings)]));
  // The JSON columns were validated into the canonical shape at import.
  const byId = new Map<string, CanonicalTranscript>(
    transcripts.map((row) => [row.id, { messages: parseJsonColumn(row.messages) as CanonicalMessage[], tools: parseJsonColumn(row.tools) as CanonicalTool[], metadata: {}, ...(row.reference ? { referenceText: row.reference } : {}) }]),
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
