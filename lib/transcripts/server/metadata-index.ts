import type { PrismaClient } from "@/lib/generated/prisma/client";
import { OF_METADATA } from "@/lib/runs/results/run-snapshot";
import { transcriptStore } from "./transcript-store";

const BATCH = 500;

/**
 * Fills the metadata columns of transcripts stored before them (or under older rules), by the
 * rules an import applies: the migration that added the columns leaves them empty, since SQL
 * would need its own copy of the key aliases. Short transactions, so a server that is already
 * serving is never held up long. Returns how many transcripts were filled.
 */
export async function fillMetadataColumns(prisma: PrismaClient): Promise<number> {
  const filled = await transcriptStore(prisma).fillMetadataColumns(prisma, BATCH);
  // Finished runs keep their metadata values, outcomes and groups as final snapshots
  // (lib/runs/results/run-snapshot.ts): they may have changed, so each run's are queried (or a
  // live run's recomputed) again.
  if (filled > 0) await prisma.runSnapshot.deleteMany({ where: { kind: { in: [...OF_METADATA] } } });
  return filled;
}
