import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface RunListRow {
  id: string;
  name: string;
  judgeId: string;
  mode: string;
  status: string;
  total: number;
  doneCount: number;
  errorCount: number;
  cacheHits: number;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface RunListQuery {
  page?: number;
  size?: number;
  status?: string;
}

/** Newest first; counters come from the run row, so listing never counts evaluations. */
export async function listRuns(prisma: PrismaClient, query: RunListQuery = {}): Promise<{ rows: RunListRow[]; total: number }> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const size = Math.min(200, Math.max(1, Math.floor(query.size ?? 50)));
  const where = query.status ? { status: query.status } : {};
  const [rows, total] = await Promise.all([
    prisma.run.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * size,
      take: size,
      select: { id: true, name: true, judgeId: true, mode: true, status: true, total: true, doneCount: true, errorCount: true, cacheHits: true, createdAt: true, finishedAt: true },
    }),
    prisma.run.count({ where }),
  ]);
  return { rows, total };
}
