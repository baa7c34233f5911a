import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseArguments } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTool, CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";

/** Everything needed to judge one claimed evaluation. */
export interface WorkItem {
  id: string;
  runId: string;
  toolCallId: string;
  mode: "immediate" | "hindsight";
  criterionText: string;
  judgeSettings: unknown;
  site: ToolCallSite;
  transcript: CanonicalTranscript;
}

const callSelect = {
  transcriptId: true,
  callId: true,
  messageIndex: true,
  position: true,
  ordinal: true,
  toolName: true,
  rawArguments: true,
  responseIndex: true,
  response: true,
} as const;

/**
 * Loads claimed evaluations with their call, criterion and run settings, and each transcript
 * they touch once, however many of the batch's rows share it: transcripts are the heavy part.
 */
export async function loadBatch(prisma: PrismaClient, ids: readonly string[]): Promise<WorkItem[]> {
  const rows = await prisma.evaluation.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      runId: true,
      toolCallId: true,
      mode: true,
      criterion: { select: { text: true } },
      run: { select: { judgeSettings: true } },
      toolCall: { select: callSelect },
    },
  });
  const transcriptIds = [...new Set(rows.map((row) => row.toolCall.transcriptId))];
  const transcripts = await prisma.transcript.findMany({ where: { id: { in: transcriptIds } }, select: { id: true, messages: true, tools: true } });
  // The JSON columns were validated into the canonical shape at import.
  const byId = new Map<string, CanonicalTranscript>(
    transcripts.map((row) => [row.id, { messages: row.messages as unknown as CanonicalMessage[], tools: row.tools as unknown as CanonicalTool[], metadata: {} }]),
  );
  return rows.flatMap((row): WorkItem[] => {
    const transcript = byId.get(row.toolCall.transcriptId);
    if (!transcript) return [];
    const { transcriptId: _transcriptId, ...call } = row.toolCall;
    // Arguments are parsed again from the raw text, exactly as at import: the stored parsed
    // column cannot tell the JSON literal null from "no value".
    const site: ToolCallSite = { ...call, arguments: parseArguments(call.rawArguments) };
    return [
      {
        id: row.id,
        runId: row.runId,
        toolCallId: row.toolCallId,
        mode: row.mode === "hindsight" ? "hindsight" : "immediate",
        criterionText: row.criterion.text,
        judgeSettings: row.run.judgeSettings,
        site,
        transcript,
      },
    ];
  });
}
