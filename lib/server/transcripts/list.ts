import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { TranscriptListQuery } from "@/lib/zod/transcripts";
import { visibleTranscript } from "../uploads/visible";
import { visibleToolNames } from "../uploads/visible-counts";

export interface TranscriptListRow {
  id: string;
  name: string;
  format: string;
  messageCount: number;
  toolCallCount: number;
  warningCount: number;
  uploadId: string | null;
  createdAt: string;
}

function whereFor(query: TranscriptListQuery): Prisma.TranscriptWhereInput {
  const where: Prisma.TranscriptWhereInput = { ...visibleTranscript };
  if (query.q) where.name = { contains: query.q };
  if (query.tool) where.toolCalls = { some: { toolName: query.tool } };
  if (query.upload) where.uploadId = query.upload;
  if (query.warnings) where.warningCount = query.warnings === "yes" ? { gt: 0 } : 0;
  if (query.from || query.to) {
    // Dates are whole UTC days; "to" includes the whole of that day.
    where.createdAt = {
      ...(query.from ? { gte: new Date(`${query.from}T00:00:00Z`) } : {}),
      ...(query.to ? { lt: new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) } : {}),
    };
  }
  return where;
}

export async function listTranscripts(prisma: PrismaClient, query: TranscriptListQuery): Promise<{ rows: TranscriptListRow[]; total: number }> {
  const where = whereFor(query);
  const [rows, total] = await Promise.all([
    prisma.transcript.findMany({
      where,
      orderBy: [{ [query.sort]: query.dir }, { id: "asc" }],
      skip: (query.page - 1) * query.size,
      take: query.size,
      select: { id: true, name: true, format: true, messageCount: true, toolCallCount: true, warningCount: true, uploadId: true, createdAt: true },
    }),
    prisma.transcript.count({ where }),
  ]);
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}

/** Tool names present in shown transcripts' calls, for the filter's suggestions. */
export async function listToolNames(prisma: PrismaClient): Promise<string[]> {
  return visibleToolNames(prisma, 500);
}

/** Whether any transcript is shown at all (an empty list then says how to upload, not "no match"). */
export async function hasAnyTranscript(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.transcript.count({ where: visibleTranscript, take: 1 })) > 0;
}
