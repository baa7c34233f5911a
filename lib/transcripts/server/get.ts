import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { TranscriptMetadata } from "@/lib/runs/results/run-call-row";
import { visibleTranscript } from "./uploads/visible";
import { parseTags } from "./metadata-columns";
import type { CanonicalMessage, CanonicalTool, JsonValue } from "@/lib/transcripts/types";

export interface TranscriptDetail {
  id: string;
  name: string;
  format: string;
  sourceFile: string | null;
  sourceLocation: string | null;
  uploadId: string | null;
  createdAt: Date;
  messages: CanonicalMessage[];
  tools: CanonicalTool[];
  metadata: JsonValue;
  /** The metadata's well-known fields, as stored for filters (lib/transcripts/metadata-fields.ts). */
  fields: TranscriptMetadata;
  warnings: JsonValue[];
  /** The stored reference (lib/references), or null. */
  reference: string | null;
  toolCalls: {
    id: string;
    callId: string;
    messageIndex: number;
    position: number;
    ordinal: number;
    toolName: string;
    rawArguments: string;
    argumentsError: string | null;
    responseIndex: number | null;
  }[];
}

/** A stored transcript with its extracted calls; its JSON columns were validated at import. Null while its file is importing. */
export async function getTranscript(prisma: PrismaClient, id: string): Promise<TranscriptDetail | null> {
  const row = await prisma.transcript.findFirst({
    where: { id, ...visibleTranscript },
    include: {
      toolCalls: {
        orderBy: { ordinal: "asc" },
        select: { id: true, callId: true, messageIndex: true, position: true, ordinal: true, toolName: true, rawArguments: true, argumentsError: true, responseIndex: true },
      },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    sourceFile: row.sourceFile,
    sourceLocation: row.sourceLocation,
    uploadId: row.uploadId,
    createdAt: row.createdAt,
    messages: row.messages as unknown as CanonicalMessage[],
    tools: row.tools as unknown as CanonicalTool[],
    metadata: row.metadata as JsonValue,
    fields: { model: row.model, taskId: row.taskId, trial: row.trial, tags: parseTags(row.tags), reward: row.reward, success: row.success },
    warnings: Array.isArray(row.warnings) ? (row.warnings as JsonValue[]) : [],
    reference: row.reference,
    toolCalls: row.toolCalls,
  };
}
