import type { Prisma } from "@/lib/generated/prisma/client";
import type { AgentView } from "@/lib/runs/results/agent-view";
import { PASS_THRESHOLD } from "@/lib/runs/results/verdict";
import type { SqlDialect } from "@/lib/platform/db/dialect-sql";
import { metadataWhere } from "@/lib/transcripts/server/list";

// Infinite scores have no verdict (lib/runs/results/finite.ts), as in verdict-sql.ts. The bound is 1e308,
// not Number.MAX_VALUE: Prisma sends that one to PostgreSQL as a decimal that rounds out of range.
const FINITE = { gte: -1e308, lte: 1e308 };

/**
 * Pass or fail by the rules every page uses (lib/runs/results/verdict.ts, verdict-sql.ts): a binary
 * result on `passed`, or on its score when the judge gave only that; a continuous one on its score.
 */
function verdictWhere(verdict: NonNullable<AgentView["verdict"]>): Prisma.TranscriptEvaluationWhereInput {
  if (verdict === "na") return { status: "not-applicable" };
  if (verdict === "error") return { status: "error" };
  const passed = verdict === "pass";
  const score = passed ? { gte: PASS_THRESHOLD, lte: FINITE.lte } : { lt: PASS_THRESHOLD, gte: FINITE.gte };
  return {
    status: "done",
    OR: [
      { criterion: { scale: "binary" }, passed },
      { criterion: { scale: "binary" }, passed: null, score },
      { criterion: { scale: { not: "binary" } }, score },
    ],
  };
}

/** Where the result stands in review, as the run page's review-status filter reads it for calls. */
function reviewWhere(review: NonNullable<AgentView["review"]>): Prisma.TranscriptEvaluationWhereInput {
  if (review === "none") return { review: { is: null } };
  if (review === "disputed") return { review: { is: { verdict: "disagree" } } };
  return { review: { is: { status: review } } };
}

/** A run's agent-level results that the view keeps (see lib/runs/results/agent-view.ts). */
export function agentResultsWhere(runId: string, view: AgentView, dialect: SqlDialect): Prisma.TranscriptEvaluationWhereInput {
  // A call-level criterion matches no agent-level result: an id that no row has.
  if (view.excluded) return { runId, id: { in: [] } };
  const and: Prisma.TranscriptEvaluationWhereInput[] = [];
  if (view.verdict) and.push(verdictWhere(view.verdict));
  if (view.min !== undefined || view.max !== undefined) and.push({ status: "done", score: { ...(view.min !== undefined ? { gte: view.min } : {}), ...(view.max !== undefined ? { lte: view.max } : {}) } });
  if (view.review) and.push(reviewWhere(view.review));
  const metadata = metadataWhere(view.metadata, dialect);
  return {
    runId,
    ...(view.criterionId ? { criterionId: view.criterionId } : {}),
    ...(Object.keys(metadata).length ? { transcript: metadata } : {}),
    ...(and.length ? { AND: and } : {}),
  };
}
