import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ReferenceEntry, ReferenceTarget } from "../references-file";

export interface AttachedReference {
  line: number;
  target: ReferenceTarget;
  /** Stored transcripts that now carry the reference (0: none matched). */
  transcripts: number;
}

const BATCH = 500;

/**
 * Attaches each entry's reference to the stored transcripts it names, replacing any they had: by
 * task (the `taskId` read from their metadata's task_id), by name or by id. One transaction per
 * batch of entries, so a failure leaves whole batches written.
 */
export async function attachReferences(prisma: PrismaClient, entries: readonly ReferenceEntry[]): Promise<AttachedReference[]> {
  const attached: AttachedReference[] = [];
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = entries.slice(start, start + BATCH);
    const counts = await prisma.$transaction(batch.map(({ target, text }) => prisma.transcript.updateMany({ where: whereOf(target), data: { reference: text } })));
    batch.forEach((entry, index) => attached.push({ line: entry.line, target: entry.target, transcripts: counts[index].count }));
  }
  return attached;
}

function whereOf(target: ReferenceTarget): { taskId: string } | { name: string } | { id: string } {
  if (target.kind === "task_id") return { taskId: target.value };
  if (target.kind === "name") return { name: target.value };
  return { id: target.value };
}
