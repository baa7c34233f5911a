/**
 * The charts page's case of bench:results: the table that means "the page is there" (the first
 * criterion's flip matrix) and the flips it must show, counted from the run's stored comparisons by
 * flipMatrix's rule (pass → fail plus fail → pass). Read from the database, seeded or reused alike.
 */
import { createPrisma } from "@/lib/platform/db/client";

export interface ChartsCase {
  table: string;
  flips: number;
}

export async function chartsCase(databaseUrl: string, runId: string): Promise<ChartsCase> {
  const prisma = createPrisma(databaseUrl, { background: true });
  try {
    const { criterion } = await prisma.runCriterion.findFirstOrThrow({ where: { runId }, orderBy: { position: "asc" }, select: { criterion: { select: { id: true, title: true, text: true } } } });
    const flips = await prisma.callComparison.count({
      where: { runId, criterionId: criterion.id, OR: [{ immediateVerdict: "pass", hindsightVerdict: "fail" }, { immediateVerdict: "fail", hindsightVerdict: "pass" }] },
    });
    return { table: `Flip matrix: ${criterion.title ?? criterion.text}`, flips };
  } finally {
    await prisma.$disconnect();
  }
}
