import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runJudgeSchema, runSelectionSchema, type RunJudgeConfig, type RunSelection } from "@/lib/runs/schemas/runs";

export interface RunDetail {
  id: string;
  name: string;
  judgeId: string;
  /** Null when the stored settings no longer parse (a judge kind this version does not know). */
  judge: RunJudgeConfig | null;
  mode: string;
  status: string;
  selection: RunSelection | null;
  total: number;
  doneCount: number;
  errorCount: number;
  cacheHits: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The tool-call criteria, judged per call: what the calls table, summaries and charts show. */
  criteria: RunCriterionDetail[];
  /** The agent-level criteria, judged once per transcript (TranscriptEvaluation rows). */
  agentCriteria: RunCriterionDetail[];
}

export interface RunCriterionDetail {
  id: string;
  text: string;
  title: string | null;
  kind: string;
  scale: string;
  position: number;
}

export async function getRun(prisma: PrismaClient, runId: string): Promise<RunDetail | null> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    include: { criteria: { orderBy: { position: "asc" }, include: { criterion: { select: { id: true, text: true, title: true, kind: true, scale: true, scope: true } } } } },
  });
  if (!run) return null;
  const judge = runJudgeSchema.safeParse(run.judgeSettings);
  const selection = runSelectionSchema.safeParse(run.selection);
  return {
    id: run.id,
    name: run.name,
    judgeId: run.judgeId,
    judge: judge.success ? judge.data : null,
    mode: run.mode,
    status: run.status,
    selection: selection.success ? selection.data : null,
    total: run.total,
    doneCount: run.doneCount,
    errorCount: run.errorCount,
    cacheHits: run.cacheHits,
    error: run.error,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    criteria: run.criteria.filter((link) => link.criterion.scope !== "agent").map(({ criterion: { scope: _scope, ...criterion }, position }) => ({ ...criterion, position })),
    agentCriteria: run.criteria.filter((link) => link.criterion.scope === "agent").map(({ criterion: { scope: _scope, ...criterion }, position }) => ({ ...criterion, position })),
  };
}
