import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import { compareNs } from "@/lib/transcripts/otlp/span";

export interface StoredTrace {
  traceId: string;
  status: string;
  error: string | null;
  transcriptId: string | null;
  lastSpanAt: Date;
  spans: OtelSpan[];
}

/** A received trace with its spans in the order they started: the link back from its transcript. */
export async function getTrace(prisma: PrismaClient, traceId: string): Promise<StoredTrace | null> {
  const trace = await prisma.traceGroup.findUnique({ where: { traceId }, select: { traceId: true, status: true, error: true, transcriptId: true, lastSpanAt: true } });
  if (!trace) return null;
  const rows = await prisma.traceSpan.findMany({ where: { traceId }, select: { data: true } });
  const spans = rows.map((row) => JSON.parse(row.data) as OtelSpan).sort((a, b) => compareNs(a.startNs, b.startNs));
  return { ...trace, spans };
}
