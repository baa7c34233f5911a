import type { Criterion } from "@/lib/criteria/parse";
import type { CriterionScope } from "@/lib/criteria/scope";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/platform/errors/app-error";

export async function createCriterion(prisma: PrismaClient, criterion: Criterion, title?: string, scope: CriterionScope = "call") {
  const existing = await prisma.criterion.findUnique({ where: { text: criterion.text }, select: { id: true, archived: true } });
  if (existing) {
    throw new AppError("conflict", existing.archived ? "This criterion exists but is archived: show archived criteria to restore it." : "This criterion already exists.", { field: "text" });
  }
  return prisma.criterion.create({
    data: { text: criterion.text, kind: criterion.kind, scale: criterion.scale, condition: criterion.condition, scope, title: title ?? null, source: "user" },
  });
}
