import type { PrismaClient } from "@/lib/generated/prisma/client";

export async function listCriteria(prisma: PrismaClient, { includeArchived = false } = {}) {
  return prisma.criterion.findMany({
    where: includeArchived ? {} : { archived: false },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, text: true, kind: true, scale: true, title: true, archived: true, _count: { select: { runs: true } } },
  });
}
