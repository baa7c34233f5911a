import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface CriterionListItem {
  id: string;
  text: string;
  kind: string;
  scale: string;
  scope: string;
  title: string | null;
  archived: boolean;
  source: string;
  runs: { id: string; name: string }[];
  runCount: number;
}

/** Criteria with the runs that used them (the latest few, and how many in all). */
export async function listCriteria(prisma: PrismaClient, { includeArchived = false } = {}): Promise<CriterionListItem[]> {
  const rows = await prisma.criterion.findMany({
    where: includeArchived ? {} : { archived: false },
    orderBy: [{ archived: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      text: true,
      kind: true,
      scale: true,
      scope: true,
      title: true,
      archived: true,
      source: true,
      _count: { select: { runs: true } },
      runs: { orderBy: { run: { createdAt: "desc" } }, take: 5, select: { run: { select: { id: true, name: true } } } },
    },
  });
  return rows.map(({ _count, runs, ...row }) => ({ ...row, runs: runs.map((r) => r.run), runCount: _count.runs }));
}
