import type { PrismaClient } from "@/lib/generated/prisma/client";
import { visibleTranscript } from "../uploads/visible";
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
  warnings: JsonValue[];
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
    warnings: Array.isArray(row.warnings) ? (row.warnings as JsonValue[]) : [],
    toolCalls: row.toolCalls,
  };
}
