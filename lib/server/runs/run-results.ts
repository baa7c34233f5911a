import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface CriterionSummary {
  criterionId: string;
  mode: string;
  judged: number;
  notApplicable: number;
  errors: number;
  meanScore: number | null;
  passRate: number | null;
}

/** Mean score and pass rate per criterion and mode, computed by SQLite, not by reading every row. */
export async function criterionSummaries(prisma: PrismaClient, runId: string): Promise<CriterionSummary[]> {
  const [byStatus, passed] = await Promise.all([
    prisma.evaluation.groupBy({ by: ["criterionId", "mode", "status"], where: { runId }, _count: { _all: true }, _avg: { score: true } }),
    prisma.evaluation.groupBy({ by: ["criterionId", "mode"], where: { runId, status: "done", passed: { not: null } }, _count: { _all: true }, _sum: { score: true } }),
  ]);
  const key = (c: string, m: string) => `${c}\u0000${m}`;
  const summaries = new Map<string, CriterionSummary>();
  for (const row of byStatus) {
    const k = key(row.criterionId, row.mode);
    const s = summaries.get(k) ?? { criterionId: row.criterionId, mode: row.mode, judged: 0, notApplicable: 0, errors: 0, meanScore: null, passRate: null };
    if (row.status === "done") {
      s.judged = row._count._all;
      s.meanScore = row._avg.score;
    } else if (row.status === "not-applicable") s.notApplicable = row._count._all;
    else if (row.status === "error") s.errors = row._count._all;
    summaries.set(k, s);
  }
  // Binary results are stored with score 1 (pass) or 0 (fail), so their mean is the pass rate.
  for (const row of passed) {
    const s = summaries.get(key(row.criterionId, row.mode));
    if (s && row._count._all > 0) s.passRate = (row._sum.score ?? 0) / row._count._all;
  }
  return [...summaries.values()];
}

export interface RunCallRow {
  toolCallId: string;
  transcriptId: string;
  transcriptName: string;
  ordinal: number;
  toolName: string;
  argumentsPreview: string;
  results: { criterionId: string; mode: string; status: string; score: number | null; passed: boolean | null; error: string | null }[];
}

/** One page of the run's tool calls with their results, in transcript order. */
export async function runCalls(prisma: PrismaClient, runId: string, page: number, size: number): Promise<{ rows: RunCallRow[]; total: number }> {
  const where = { evaluations: { some: { runId } } };
  const [calls, total] = await Promise.all([
    prisma.toolCall.findMany({
      where,
      orderBy: [{ transcript: { createdAt: "asc" } }, { transcriptId: "asc" }, { ordinal: "asc" }],
      skip: (page - 1) * size,
      take: size,
      select: {
        id: true,
        transcriptId: true,
        ordinal: true,
        toolName: true,
        rawArguments: true,
        transcript: { select: { name: true } },
        evaluations: { where: { runId }, select: { criterionId: true, mode: true, status: true, score: true, passed: true, error: true } },
      },
    }),
    prisma.toolCall.count({ where }),
  ]);
  return {
    total,
    rows: calls.map((c) => ({
      toolCallId: c.id,
      transcriptId: c.transcriptId,
      transcriptName: c.transcript.name,
      ordinal: c.ordinal,
      toolName: c.toolName,
      argumentsPreview: c.rawArguments.length > 120 ? `${c.rawArguments.slice(0, 117)}…` : c.rawArguments,
      results: c.evaluations,
    })),
  };
}
