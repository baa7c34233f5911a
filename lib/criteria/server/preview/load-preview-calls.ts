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
  transcript: CanonicalTranscript;
  site: ToolCallSite;
}

/** Transcripts whose calls are candidates: enough for variety, few enough to read in a moment. */
const RECENT_TRANSCRIPTS = 20;

/**
 * `count` calls of the selection's most recent transcripts, on as many tools and transcripts as
 * there are (pickPreviewCalls), with their transcripts: the same calls every time for the same
 * data, so two previews of a reworded criterion compare like with like.
 */
export async function loadPreviewCalls(prisma: PrismaClient, selection: RunSelection, count: number): Promise<PreviewCall[]> {
  const recent = await prisma.transcript.findMany({
    where: { ...selectionWhere(selection, sqlDialect(prisma)), toolCallCount: { gt: 0 } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT_TRANSCRIPTS,
    select: { id: true },
  });
  const rank = new Map(recent.map((row, index) => [row.id, index]));
  const candidates = await prisma.toolCall.findMany({
    where: { transcriptId: { in: recent.map((row) => row.id) } },
    select: { id: true, transcriptId: true, toolName: true, messageIndex: true, position: true, ordinal: true },
  });
  candidates.sort((a, b) => (rank.get(a.transcriptId) ?? 0) - (rank.get(b.transcriptId) ?? 0) || a.ordinal - b.ordinal);
  const picked = pickPreviewCalls(candidates, count);
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
    return [{ toolCallId: call.id, transcriptId: call.transcriptId, transcriptName: stored.name, transcript: stored.transcript, site }];
  });
}
