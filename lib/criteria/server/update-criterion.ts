import type { Criterion } from "@/lib/criteria/parse";
import type { CriterionScope } from "@/lib/criteria/scope";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { AppError } from "@/lib/platform/errors/app-error";

/**
 * Changes a criterion's text or title. Once runs have used a criterion its text is fixed,
 * so that past results keep the meaning they were judged with; only the title may change.
 */
export async function updateCriterion(prisma: PrismaClient, id: string, criterion: Criterion, title: string | undefined, scope: CriterionScope = "call") {
  return prisma.$transaction(async (tx) => {
    // FOR UPDATE waits for a run being created with this criterion (its RunCriterion row's foreign
    // key check holds a KEY SHARE lock), and holds such a run off: the count of runs below is final.
    await lockRowsForUpdate(tx, "Criterion", [id]);
    const current = await tx.criterion.findUnique({ where: { id }, select: { text: true, _count: { select: { runs: true } } } });
    if (!current) throw new AppError("not-found", "This criterion no longer exists.", { field: "text" });
    if (current.text !== criterion.text) {
      if (current._count.runs > 0) {
        throw new AppError("conflict", `Used by ${current._count.runs} run(s), so its text is fixed and past results keep their meaning. Archive it and write a new criterion instead.`, { field: "text" });
      }
      const clash = await tx.criterion.findUnique({ where: { text: criterion.text }, select: { id: true } });
      if (clash && clash.id !== id) throw new AppError("conflict", "Another criterion already has exactly this text.", { field: "text" });
    }
    return tx.criterion.update({
      where: { id },
      data: { text: criterion.text, kind: criterion.kind, scale: criterion.scale, condition: criterion.condition, scope, title: title ?? null },
    });
  });
}

export async function setCriterionArchived(prisma: PrismaClient, id: string, archived: boolean) {
  const result = await prisma.criterion.updateMany({ where: { id }, data: { archived } });
  if (result.count === 0) throw new AppError("not-found", "This criterion no longer exists.");
}
