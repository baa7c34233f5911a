import type { PrismaClient } from "@/lib/generated/prisma/client";
import { readReferencesFile, type ReferenceLineError, type ReferenceTarget } from "../references-file";
import { attachReferences } from "./attach-references";

export interface ReferencesReport {
  file: string;
  /** Lines whose reference reached at least one stored transcript. */
  attached: { line: number; target: ReferenceTarget; transcripts: number }[];
  /** Valid lines that name no stored transcript. */
  unmatched: { line: number; target: ReferenceTarget }[];
  rejected: ReferenceLineError[];
}

/** Reads a references file and attaches each valid line's reference; bad lines are reported, never half-applied. */
export async function uploadReferences(prisma: PrismaClient, file: string, text: string): Promise<ReferencesReport> {
  const { entries, errors } = readReferencesFile(text, file);
  const results = await attachReferences(prisma, entries);
  return {
    file,
    attached: results.filter((result) => result.transcripts > 0),
    unmatched: results.filter((result) => result.transcripts === 0).map(({ line, target }) => ({ line, target })),
    rejected: errors,
  };
}
