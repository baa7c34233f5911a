import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CallVerdictChip } from "@/lib/runs/results/call-verdict-chip";

export interface TranscriptCallVerdicts {
  /** The runs that judged this transcript's calls, newest first: the page offers them to choose from. */
  runs: { id: string; name: string }[];
  /** The run shown: the one asked for when it judged these calls, else the newest; null when none did. */
  runId: string | null;
  /** By tool call id, in the run's criterion order, immediate before hindsight. */
  byCall: Map<string, CallVerdictChip[]>;
}

const MODE_ORDER: Record<string, number> = { immediate: 0, hindsight: 1 };
/** Runs offered to choose from: the newest that judged the transcript. */
const RUNS_OFFERED = 20;

/**
 * The verdicts of one run on each of a transcript's tool calls, for chips on its call cards that
 * link to each result, as Langfuse and Phoenix put scores on the spans they belong to.
 */
export async function transcriptCallVerdicts(prisma: PrismaClient, toolCallIds: readonly string[], askedRunId?: string): Promise<TranscriptCallVerdicts> {
  if (!toolCallIds.length) return { runs: [], runId: null, byCall: new Map() };
  const runs = await prisma.run.findMany({
    where: { evaluations: { some: { toolCallId: { in: [...toolCallIds] } } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RUNS_OFFERED,
    select: { id: true, name: true },
  });
  const runId = runs.find((run) => run.id === askedRunId)?.id ?? runs[0]?.id ?? null;
  if (!runId) return { runs, runId: null, byCall: new Map() };
  const [criteria, results] = await Promise.all([
    prisma.runCriterion.findMany({ where: { runId }, orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, title: true, scale: true } } } }),
    prisma.evaluation.findMany({
      where: { runId, toolCallId: { in: [...toolCallIds] } },
      select: { toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true },
    }),
  ]);
  const position = new Map(criteria.map(({ criterion }, index) => [criterion.id, index]));
  const criterionOf = new Map(criteria.map(({ criterion }) => [criterion.id, criterion]));
  const byCall = new Map<string, CallVerdictChip[]>();
  const sorted = [...results].sort((a, b) => (position.get(a.criterionId) ?? Infinity) - (position.get(b.criterionId) ?? Infinity) || (MODE_ORDER[a.mode] ?? 2) - (MODE_ORDER[b.mode] ?? 2));
  for (const result of sorted) {
    const criterion = criterionOf.get(result.criterionId);
    if (!criterion) continue;
    const chips = byCall.get(result.toolCallId) ?? [];
    chips.push({ criterionId: criterion.id, criterionText: criterion.text, criterionTitle: criterion.title, scale: criterion.scale, mode: result.mode, status: result.status, score: result.score, passed: result.passed });
    byCall.set(result.toolCallId, chips);
  }
  return { runs, runId, byCall };
}
