import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface CriterionFlips {
  criterionId: string;
  /** Passed immediately, failed in hindsight. */
  passToFail: number;
  failToPass: number;
  total: number;
}

export interface FlipCounts {
  /** Calls with at least one criterion whose verdict changed between immediate and hindsight. */
  calls: number;
  byCriterion: CriterionFlips[];
}

/** How many verdicts hindsight turned around, from the comparisons the worker stored (indexed on run and flipped). */
export async function flipCounts(prisma: PrismaClient, runId: string): Promise<FlipCounts> {
  const flipped = { runId, flipped: true };
  const [groups, calls] = await Promise.all([
    prisma.callComparison.groupBy({ by: ["criterionId", "immediateVerdict"], where: flipped, _count: { _all: true } }),
    prisma.toolCall.count({ where: { comparisons: { some: flipped } } }),
  ]);
  const byCriterion = new Map<string, CriterionFlips>();
  for (const group of groups) {
    const entry = byCriterion.get(group.criterionId) ?? { criterionId: group.criterionId, passToFail: 0, failToPass: 0, total: 0 };
    byCriterion.set(group.criterionId, entry);
    // A flip is pass → fail or fail → pass, so the immediate verdict says which way it went.
    if (group.immediateVerdict === "pass") entry.passToFail += group._count._all;
    else entry.failToPass += group._count._all;
    entry.total += group._count._all;
  }
  return { calls, byCriterion: [...byCriterion.values()] };
}
