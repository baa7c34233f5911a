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
 * Writes transcripts and their tool calls in one transaction, so a failure leaves nothing
 * half-written; content already stored (same hash) is reported as a duplicate, never stored twice.
 */
export async function storeTranscripts(
  prisma: PrismaClient,
  uploadId: string | null,
  items: PreparedTranscript[],
): Promise<StoreResult> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.transcript.findMany({
      where: { contentHash: { in: items.map((item) => item.hash) } },
      select: { id: true, contentHash: true },
    });
    const known = new Map(existing.map((row) => [row.contentHash, row.id]));
    const result: StoreResult = { stored: [], duplicates: [] };
    for (const item of items) {
      const existingId = known.get(item.hash);
      if (existingId) {
        result.duplicates.push({ name: item.name, hash: item.hash, existingId });
        continue;
      }
      const row = await tx.transcript.create({
        data: {
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
        },
        select: { id: true },
      });
      await tx.toolCall.createMany({
        data: item.sites.map((site) => ({
          transcriptId: row.id,
          callId: site.callId,
          messageIndex: site.messageIndex,
          position: site.position,
          ordinal: site.ordinal,
          toolName: site.toolName,
          rawArguments: site.rawArguments,
          parsedArguments: site.arguments.ok ? (site.arguments.value ?? undefined) : undefined,
          argumentsError: site.arguments.ok ? null : site.arguments.error,
          responseIndex: site.responseIndex,
          response: site.response,
        })),
      });
      known.set(item.hash, row.id);
      result.stored.push({ id: row.id, name: item.name, hash: item.hash });
    }
    return result;
  });
}
