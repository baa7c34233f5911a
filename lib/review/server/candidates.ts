import type { Prisma } from "@/lib/generated/prisma/client";
import type { AgentQueueCandidate, QueueCandidate } from "@/lib/review/build-queue";
import type { QueueFilter } from "@/lib/review/queue-filter";
import { PASS_THRESHOLD } from "@/lib/runs/results/verdict";

/**
 * The score under which a result can match the filter's failed or low-score reasons: the query
 * need not read results that could only pass. The pure selection decides; this only narrows.
 */
function scoreCutoff(filter: QueueFilter): number | null {
  const cutoffs = [filter.failed ? PASS_THRESHOLD : null, filter.lowScore ? filter.scoreBelow : null].filter((value) => value !== null);
  return cutoffs.length > 0 ? Math.max(...cutoffs) : null;
}

/**
 * The run's finished results that may match `filter`, as candidates for selectQueueItems. The
 * query keeps results that failed, score under the cutoff, or belong to a call with a flip; the
 * flips themselves are read per call × criterion from CallComparison.
 */
export async function loadQueueCandidates(tx: Prisma.TransactionClient, runId: string, filter: QueueFilter): Promise<QueueCandidate[]> {
  const [flips, criteria] = await Promise.all([
    filter.flipped ? tx.callComparison.findMany({ where: { runId, flipped: true }, select: { toolCallId: true, criterionId: true } }) : [],
    tx.runCriterion.findMany({ where: { runId }, select: { criterionId: true, position: true } }),
  ]);
  const flipped = new Set(flips.map((flip) => `${flip.toolCallId}\u0000${flip.criterionId}`));
  const cutoff = scoreCutoff(filter);
  const mayMatch: Prisma.EvaluationWhereInput[] = [];
  if (filter.failed) mayMatch.push({ passed: false });
  if (cutoff !== null) mayMatch.push({ score: { lt: cutoff } });
  if (flipped.size > 0) mayMatch.push({ toolCall: { comparisons: { some: { runId, flipped: true } } } });
  if (mayMatch.length === 0) return [];
  if (filter.scopes && !filter.scopes.includes("call")) return [];

  const rows = await tx.evaluation.findMany({
    where: {
      runId,
      status: "done",
      ...(filter.criterionIds ? { criterionId: { in: filter.criterionIds } } : {}),
      ...(filter.modes ? { mode: { in: filter.modes } } : {}),
      ...(filter.toolNames ? { toolCall: { toolName: { in: filter.toolNames } } } : {}),
      OR: mayMatch,
    },
    select: {
      id: true,
      toolCallId: true,
      criterionId: true,
      mode: true,
      score: true,
      passed: true,
      criterion: { select: { scale: true } },
      toolCall: { select: { toolName: true, ordinal: true, transcriptId: true, transcript: { select: { createdAt: true } } } },
    },
  });
  const criterionPosition = new Map(criteria.map((link) => [link.criterionId, link.position]));
  return rows.map((row) => ({
    evaluationId: row.id,
    toolCallId: row.toolCallId,
    criterionId: row.criterionId,
    mode: row.mode === "immediate" ? "immediate" : "hindsight",
    scale: row.criterion.scale === "binary" ? "binary" : "continuous",
    score: row.score,
    passed: row.passed,
    flipped: flipped.has(`${row.toolCallId}\u0000${row.criterionId}`) ? true : null,
    toolName: row.toolCall.toolName,
    // The run page's order: transcripts by creation time, then id; calls by number.
    sortKey: { transcript: `${row.toolCall.transcript.createdAt.toISOString()} ${row.toolCall.transcriptId}`, call: row.toolCall.ordinal, criterion: criterionPosition.get(row.criterionId) ?? 0 },
  }));
}

/**
 * The run's finished agent-level results (transcript × agent criterion) that may match `filter`:
 * those that failed or score under the cutoff. None when the filter restricts tools or modes,
 * which agent-level results do not have, or asks for call-level results only.
 */
export async function loadAgentQueueCandidates(tx: Prisma.TransactionClient, runId: string, filter: QueueFilter): Promise<AgentQueueCandidate[]> {
  if (filter.toolNames || filter.modes || (filter.scopes && !filter.scopes.includes("agent"))) return [];
  const cutoff = scoreCutoff(filter);
  const mayMatch: Prisma.TranscriptEvaluationWhereInput[] = [];
  if (filter.failed) mayMatch.push({ passed: false });
  if (cutoff !== null) mayMatch.push({ score: { lt: cutoff } });
  if (mayMatch.length === 0) return [];
  const [rows, criteria] = await Promise.all([
    tx.transcriptEvaluation.findMany({
      where: { runId, status: "done", ...(filter.criterionIds ? { criterionId: { in: filter.criterionIds } } : {}), OR: mayMatch },
      select: { id: true, transcriptId: true, criterionId: true, score: true, passed: true, criterion: { select: { scale: true } }, transcript: { select: { createdAt: true } } },
    }),
    tx.runCriterion.findMany({ where: { runId }, select: { criterionId: true, position: true } }),
  ]);
  const criterionPosition = new Map(criteria.map((link) => [link.criterionId, link.position]));
  return rows.map((row) => ({
    transcriptEvaluationId: row.id,
    transcriptId: row.transcriptId,
    criterionId: row.criterionId,
    scale: row.criterion.scale === "binary" ? "binary" : "continuous",
    score: row.score,
    passed: row.passed,
    sortKey: { transcript: `${row.transcript.createdAt.toISOString()} ${row.transcriptId}`, criterion: criterionPosition.get(row.criterionId) ?? 0 },
  }));
}
