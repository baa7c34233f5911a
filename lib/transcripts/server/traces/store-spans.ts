import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import type { StoredSpans } from "./trace-store-types";
import { traceStore } from "./trace-store";

export type { StoredSpans } from "./trace-store-types";

/**
 * Stores received spans as they are and marks their traces as waiting for quiet, in one
 * transaction: either the whole request is stored or nothing is. Assembling transcripts is left
 * to assembleQuietTraces, off the request path. Prepared statements on a plain connection, as
 * for transcripts (bulk-writer.ts): an exporter sends hundreds of spans per request.
 */
export async function storeSpans(prisma: PrismaClient, spans: OtelSpan[], now: Date = new Date()): Promise<StoredSpans> {
  if (spans.length === 0) return { added: 0, replaced: 0, tracesWithoutLlm: [] };
  return traceStore(prisma).storeSpans(prisma, spans, now);
}
