import { pickPreviewCalls } from "@/lib/judging/engine/preview-sample";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTool, CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import type { RunSelection } from "@/lib/runs/schemas/runs";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { selectionWhere } from "@/lib/runs/server/selection";

/** A call to preview on, with what a judge needs to see it. */
export interface PreviewCall {
  toolCallId: string;
  transcriptId: string;
  transcriptName: string;
  toolName: string;
  transcript: CanonicalTranscript;
  site: ToolCallSite;
}

/** A stored call the preview may show, before its transcript is read. */
export interface PreviewCandidate {
  id: string;
  transcriptId: string;
  toolName: string;
  messageIndex: number;
  position: number;
  ordinal: number;
}

/**
 * The candidates' bounds: calls enough to find those a criterion applies to among many it does
 * not, few enough that reading their transcripts and running the built-in checks on all of them
 * (well under a millisecond a call) stays within a click's wait.
 */
export const POOL_CALLS = 100;
const POOL_TRANSCRIPTS = 50;
/** Messages of the candidates' transcripts, all told: the most recent transcript is always read, however long. */
const POOL_MESSAGES = 5_000;

/**
 * Up to POOL_CALLS calls of the selection's most recent transcripts, on as many tools and
 * transcripts as there are (pickPreviewCalls), in order of preference: the same calls every
 * time for the same data, so two previews of a reworded criterion compare like with like. Reads
 * no transcript: only the calls' index columns.
 */
export async function loadPreviewCandidates(prisma: PrismaClient, selection: RunSelection): Promise<PreviewCandidate[]> {
  const recent = await prisma.transcript.findMany({
    where: { ...selectionWhere(selection, sqlDialect(prisma)), toolCallCount: { gt: 0 } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: POOL_TRANSCRIPTS,
    select: { id: true, messageCount: true },
  });
  const read: typeof recent = [];
  let messages = 0;
  for (const row of recent) {
    if (read.length && messages + row.messageCount > POOL_MESSAGES) break;
    read.push(row);
    messages += row.messageCount;
  }
  const rank = new Map(read.map((row, index) => [row.id, index]));
  const candidates = await prisma.toolCall.findMany({
    where: { transcriptId: { in: read.map((row) => row.id) } },
    select: { id: true, transcriptId: true, toolName: true, messageIndex: true, position: true, ordinal: true },
  });
  candidates.sort((a, b) => (rank.get(a.transcriptId) ?? 0) - (rank.get(b.transcriptId) ?? 0) || a.ordinal - b.ordinal);
  return pickPreviewCalls(candidates, POOL_CALLS);
}

/** The candidates with their transcripts and sites, in the candidates' order. */
export async function loadPreviewCalls(prisma: PrismaClient, picked: readonly PreviewCandidate[]): Promise<PreviewCall[]> {
  const transcripts = await prisma.transcript.findMany({
    where: { id: { in: [...new Set(picked.map((call) => call.transcriptId))] } },
    select: { id: true, name: true, messages: true, tools: true, reference: true },
  });
  // The JSON columns were validated into the canonical shape at import; sites are found as at import.
  const byId = new Map(
    transcripts.map((row) => {
      const transcript: CanonicalTranscript = {
        messages: row.messages as unknown as CanonicalMessage[],
        tools: row.tools as unknown as CanonicalTool[],
        metadata: {},
        ...(row.reference ? { referenceText: row.reference } : {}),
      };
      return [row.id, { name: row.name, transcript, sites: extractToolCallSites(transcript) }];
    }),
  );
  return picked.flatMap((call): PreviewCall[] => {
    const stored = byId.get(call.transcriptId);
    const site = stored?.sites.find((candidate) => candidate.messageIndex === call.messageIndex && candidate.position === call.position);
    if (!stored || !site) return [];
    return [{ toolCallId: call.id, transcriptId: call.transcriptId, transcriptName: stored.name, toolName: call.toolName, transcript: stored.transcript, site }];
  });
}
