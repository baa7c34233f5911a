import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CanonicalTranscript, JsonValue, ToolCallSite, TranscriptFormat } from "@/lib/transcripts/types";

/** A transcript that passed validation, ready to be written with its extracted tool calls. */
export interface PreparedTranscript {
  name: string;
  format: TranscriptFormat;
  hash: string;
  transcript: CanonicalTranscript;
  sites: ToolCallSite[];
  warnings: JsonValue[];
  sourceFile?: string;
  sourceLocation?: string;
}

export interface StoreResult {
  stored: { id: string; name: string; hash: string }[];
  duplicates: { name: string; hash: string; existingId: string }[];
}

/**
 * Writes a batch of transcripts and their tool calls in one transaction, so a failure leaves
 * nothing half-written. Content already stored (same hash) is reported as a duplicate, never
 * stored twice. Two bulk inserts per batch keep a 10,000-transcript import fast.
 */
export async function storeTranscripts(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[]): Promise<StoreResult> {
  if (items.length === 0) return { stored: [], duplicates: [] };
  return prisma.$transaction(async (tx) => {
    const existing = await tx.transcript.findMany({
      where: { contentHash: { in: items.map((item) => item.hash) } },
      select: { id: true, contentHash: true },
    });
    const known = new Map(existing.map((row) => [row.contentHash, row.id]));
    const result: StoreResult = { stored: [], duplicates: [] };
    const transcripts = [];
    const toolCalls = [];
    for (const item of items) {
      const existingId = known.get(item.hash);
      if (existingId) {
        result.duplicates.push({ name: item.name, hash: item.hash, existingId });
        continue;
      }
      const id = randomUUID();
      known.set(item.hash, id);
      transcripts.push({
        id,
        uploadId,
        name: item.name,
        sourceFile: item.sourceFile,
        sourceLocation: item.sourceLocation,
        format: item.format,
        contentHash: item.hash,
        messages: item.transcript.messages as unknown as JsonValue[],
        tools: item.transcript.tools as unknown as JsonValue[],
        metadata: item.transcript.metadata,
        messageCount: item.transcript.messages.length,
        toolCallCount: item.sites.length,
        warningCount: item.warnings.length,
        warnings: item.warnings,
      });
      for (const site of item.sites) {
        toolCalls.push({
          id: randomUUID(),
          transcriptId: id,
          callId: site.callId,
          messageIndex: site.messageIndex,
          position: site.position,
          ordinal: site.ordinal,
          toolName: site.toolName,
          rawArguments: site.rawArguments,
          // JSON null arguments are stored as a database NULL; the raw string keeps the truth.
          parsedArguments: site.arguments.ok && site.arguments.value !== null ? site.arguments.value : undefined,
          argumentsError: site.arguments.ok ? null : site.arguments.error,
          responseIndex: site.responseIndex,
          response: site.response,
        });
      }
      result.stored.push({ id, name: item.name, hash: item.hash });
    }
    if (transcripts.length > 0) await tx.transcript.createMany({ data: transcripts });
    if (toolCalls.length > 0) await tx.toolCall.createMany({ data: toolCalls });
    return result;
  });
}
