import type { PrismaClient } from "@/lib/generated/prisma/client";
import { cachedCriterionStats } from "@/lib/runs/server/results/criterion-stats";
import { usableSnapshots } from "@/lib/runs/server/results/run-snapshots";

export interface RunListCriterion {
  id: string;
  text: string;
  title: string | null;
  scale: string;
  /**
   * Mean score per mode the run judged this criterion in, immediate first; an agent-level
   * criterion, judged once per transcript, has one mean under the mode "agent".
   */
  means: { mode: string; meanScore: number | null }[];
}

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
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Evaluations by verdict, over all criteria and modes. */
  counts: { passed: number; failed: number; notApplicable: number; errors: number };
  criteria: RunListCriterion[];
}

export interface RunListQuery {
  page?: number;
  size?: number;
  status?: string;
}

const MODE_ORDER = ["immediate", "hindsight"];

/**
 * Newest first. Progress comes from the run row; verdict counts and mean scores are grouped by
 * SQLite for the page's runs only (and remembered while a run does not change; a running run's
 * come from the worker's snapshot), so listing never reads evaluations one by one.
 */
export async function listRuns(prisma: PrismaClient, query: RunListQuery = {}): Promise<{ rows: RunListRow[]; total: number }> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const size = Math.min(200, Math.max(1, Math.floor(query.size ?? 50)));
  const where = query.status ? { status: query.status } : {};
  const [runs, total] = await Promise.all([
    prisma.run.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * size,
      take: size,
      select: {
        id: true,
        name: true,
        judgeId: true,
        mode: true,
        status: true,
        total: true,
        doneCount: true,
        errorCount: true,
        cacheHits: true,
        createdAt: true,
        startedAt: true,
        finishedAt: true,
        criteria: { orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, title: true, scale: true, scope: true } } } },
      },
    }),
    prisma.run.count({ where }),
  ]);
  // The worker's snapshots where usable (a running run's, a finished run's final one); the others are grouped here.
  const live = await usableSnapshots(prisma, runs, "stats");
  const stats = [...live.flatMap((value) => value ?? []), ...(await cachedCriterionStats(prisma, runs.filter((_, index) => !live[index])))];
  const agentMeans = await agentCriterionMeans(prisma, runs);
  const rows = runs.map(({ criteria, ...run }): RunListRow => {
    const own = stats.filter((s) => s.runId === run.id);
    const counts = { passed: 0, failed: 0, notApplicable: 0, errors: 0 };
    for (const s of own) {
      counts.passed += s.passed;
      counts.failed += s.failed;
      counts.notApplicable += s.notApplicable;
      counts.errors += s.errors;
    }
    return {
      ...run,
      counts,
      criteria: criteria.map(({ criterion: { scope, ...criterion } }) => ({
        ...criterion,
        means:
          scope === "agent"
            ? agentMeans.filter((mean) => mean.runId === run.id && mean.criterionId === criterion.id).map((mean) => ({ mode: "agent", meanScore: mean.meanScore }))
            : own
                .filter((s) => s.criterionId === criterion.id)
                .sort((a, b) => MODE_ORDER.indexOf(a.mode) - MODE_ORDER.indexOf(b.mode))
                .map((s) => ({ mode: s.mode, meanScore: s.meanScore })),
      })),
    };
  });
  return { rows, total };
}

/**
 * The mean score of each agent-level criterion of the page's runs: their results are one per
 * transcript (TranscriptEvaluation), which the call-level statistics do not read.
 */
async function agentCriterionMeans(prisma: PrismaClient, runs: { id: string; criteria: { criterion: { id: string; scope: string } }[] }[]) {
  const agentRuns = runs.filter((run) => run.criteria.some(({ criterion }) => criterion.scope === "agent"));
  if (!agentRuns.length) return [];
  const groups = await prisma.transcriptEvaluation.groupBy({
    by: ["runId", "criterionId"],
    where: { runId: { in: agentRuns.map((run) => run.id) }, status: "done", score: { not: null } },
    _avg: { score: true },
  });
  return groups.map((group) => ({ runId: group.runId, criterionId: group.criterionId, meanScore: group._avg.score }));
}
