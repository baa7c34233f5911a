import type { Criterion } from "@/lib/criteria/parse";
import { scopeOf } from "@/lib/criteria/scope";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { retryOnUniqueConflict } from "@/lib/platform/db/retry-unique";

/** Adds criteria to the library; a text already there is reported, not duplicated (and unarchived). */
export async function addCriteria(prisma: PrismaClient, criteria: Criterion[], source: "user" | "library" | "upload") {
  // The same text added twice at once: the second, run again, finds it there.
  return retryOnUniqueConflict(() => prisma.$transaction(async (tx) => {
    const existing = await tx.criterion.findMany({ where: { text: { in: criteria.map((c) => c.text) } }, select: { id: true, text: true } });
    const known = new Map(existing.map((c) => [c.text, c.id]));
    const added: string[] = [];
    for (const criterion of criteria) {
      if (known.has(criterion.text)) continue;
      const row = await tx.criterion.create({
        data: { text: criterion.text, kind: criterion.kind, scale: criterion.scale, condition: criterion.condition, scope: scopeOf(criterion.text), source },
        select: { id: true },
      });
      known.set(criterion.text, row.id);
      added.push(row.id);
    }
    if (existing.length > 0) await tx.criterion.updateMany({ where: { id: { in: existing.map((c) => c.id) } }, data: { archived: false } });
    return { added: added.length, alreadyThere: existing.length };
  }));
}
