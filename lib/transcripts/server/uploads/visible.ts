import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Transcripts whose file finished importing. A file being imported, or rolled back after it
 * failed, keeps its transcripts in PendingTranscript: every list, count, search, run selection
 * and transcript page filters with this, so a partial file never shows or enters a run.
 */
export const visibleTranscript = { pending: null } satisfies Prisma.TranscriptWhereInput;

/** The same rule for raw SQL, on a Transcript id column such as `t."id"`. */
export function visibleTranscriptSql(idColumn: string): string {
  return `NOT EXISTS (SELECT 1 FROM "PendingTranscript" p WHERE p."transcriptId" = ${idColumn})`;
}
