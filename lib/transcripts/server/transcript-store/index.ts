import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "@/lib/platform/db/dialect";
import { postgresTranscriptStore } from "./postgres";
import { sqliteTranscriptStore } from "./sqlite";
import type { TranscriptStore } from "./types";

/** The statements that write transcripts, for `prisma`'s database (types.ts). */
export function transcriptStore(prisma: PrismaClient): TranscriptStore {
  return forDialect(prisma, { sqlite: sqliteTranscriptStore, postgresql: postgresTranscriptStore });
}
