import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ViewMode } from "@/lib/judges/types";
import type { CorrectedResult, HumanVerdict, HumanVerdictKind } from "@/lib/review/human-verdict";
import { parseReviewStatus, type ReviewStatus } from "@/lib/review/status";
import { asMode, asScale, humanView } from "./item-view";

/** A person's verdict on one judge result, to show beside it wherever the result appears. */
export interface HumanVerdictRow {
  reviewId: string;
  evaluationId: string;
  toolCallId: string;
  criterionId: string;
  mode: ViewMode;
  verdict: HumanVerdictKind;
  /** The correction on a binary criterion, when they disagreed. */
  humanPassed: boolean | null;
  /** The correction on a continuous criterion, when they disagreed. */
  humanScore: number | null;
  human: HumanVerdict;
  /** "human: fail" and the values people stand behind. */
  corrected: CorrectedResult;
  reviewerName: string | null;
  verdictAt: Date | null;
  /** The item's status: a verdict on an item not yet done may still change. */
  status: ReviewStatus;
}

/**
 * The human verdicts on a run's results (only one call's with `toolCallId`, on the run's
 * (runId, toolCallId) index), by call and criterion. Key them by evaluationId, or by call,
 * criterion and mode, to put each beside its judge result.
 */
export async function humanVerdictsForRun(prisma: PrismaClient, runId: string, options: { toolCallId?: string } = {}): Promise<HumanVerdictRow[]> {
  const items = await prisma.review.findMany({
    where: { runId, ...(options.toolCallId ? { toolCallId: options.toolCallId } : {}), verdict: { not: null } },
    orderBy: [{ toolCallId: "asc" }, { evaluationId: "asc" }],
    select: {
      id: true,
      evaluationId: true,
      toolCallId: true,
      status: true,
      verdict: true,
      humanPassed: true,
      humanScore: true,
      verdictAt: true,
      verdictBy: { select: { name: true } },
      evaluation: { select: { criterionId: true, mode: true, score: true, passed: true, criterion: { select: { scale: true } } } },
    },
  });
  return items.flatMap((item): HumanVerdictRow[] => {
    const { verdict, corrected } = humanView(item, item.evaluation, asScale(item.evaluation.criterion.scale));
    if (!verdict || !corrected) return [];
    return [
      {
        reviewId: item.id,
        evaluationId: item.evaluationId,
        toolCallId: item.toolCallId,
        criterionId: item.evaluation.criterionId,
        mode: asMode(item.evaluation.mode),
        verdict: verdict.verdict,
        humanPassed: item.humanPassed,
        humanScore: item.humanScore,
        human: verdict,
        corrected,
        reviewerName: item.verdictBy?.name ?? null,
        verdictAt: item.verdictAt,
        status: parseReviewStatus(item.status),
      },
    ];
  });
}
