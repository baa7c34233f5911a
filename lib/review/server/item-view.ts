import type { Prisma } from "@/lib/generated/prisma/client";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judging/judges/types";
import { correctedResult, humanVerdictFromRow, type CorrectedResult, type HumanVerdict } from "@/lib/review/human-verdict";
import { isLocked, lockState, type LockState } from "@/lib/review/lock";
import { reasonListsContaining } from "@/lib/review/reasons";
import { verdictOf, type Verdict } from "@/lib/runs/results/verdict";
import type { ReviewListFilter } from "@/lib/review/schemas/review";

/**
 * The items of a queue a list filter keeps; "me" is the viewer. Reasons are matched against the
 * few canonical lists that hold the reason (Prisma has no JSON "array contains" on SQLite).
 */
export function itemWhere(queueId: string, filter: ReviewListFilter, viewerId: string): Prisma.ReviewWhereInput {
  const assignee = filter.assignee === "me" ? viewerId : filter.assignee === "unassigned" ? null : filter.assignee;
  return {
    queueId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.assignee !== undefined ? { assigneeId: assignee } : {}),
    ...(filter.reason ? { OR: reasonListsContaining(filter.reason).map((list) => ({ reasons: { equals: list } })) } : {}),
  };
}

/** A criterion's scale as stored (a plain string). */
export const asScale = (scale: string): CriterionScale => (scale === "binary" ? "binary" : "continuous");
/** A result's mode as stored (a plain string). */
export const asMode = (mode: string): ViewMode => (mode === "immediate" ? "immediate" : "hindsight");

/** The judge's values of a result and the pass/fail they amount to. */
export interface JudgeValues {
  status: string;
  score: number | null;
  passed: boolean | null;
  verdict: Verdict | null;
}

/** A judge result's values with its verdict. */
export function judgeValues(evaluation: { status: string; score: number | null; passed: boolean | null }, scale: CriterionScale): JudgeValues {
  return { status: evaluation.status, score: evaluation.score, passed: evaluation.passed, verdict: verdictOf(evaluation, scale) };
}

/** The human verdict of an item and what it amounts to beside the judge's result. */
export function humanView(
  row: { verdict: string | null; humanPassed: boolean | null; humanScore: number | null },
  judge: { score: number | null; passed: boolean | null },
  scale: CriterionScale,
): { verdict: HumanVerdict | null; corrected: CorrectedResult | null } {
  const verdict = humanVerdictFromRow(row);
  return { verdict, corrected: verdict ? correctedResult(judge, verdict, scale) : null };
}

/** A live lock as lists show it; null when nobody holds the item. */
export interface LockView {
  byId: string;
  byName: string;
  until: Date;
  /** Whether the viewer holds it. */
  mine: boolean;
}

/** The item's live lock, if any. */
export function lockView(item: { lockedById: string | null; lockedUntil: Date | null; lockedBy: { name: string } | null }, viewerId: string, now: Date): LockView | null {
  if (!isLocked(item, now) || item.lockedById === null || item.lockedUntil === null) return null;
  return { byId: item.lockedById, byName: item.lockedBy?.name ?? "someone", until: item.lockedUntil, mine: item.lockedById === viewerId };
}

/** The item's lock for the viewer: its state, and who holds it until when while it lives. */
export function lockForViewer(
  item: { lockedById: string | null; lockedUntil: Date | null; lockedBy: { name: string } | null },
  viewerId: string,
  now: Date,
): { state: LockState; holder: LockView | null } {
  return { state: lockState(item, viewerId, now), holder: lockView(item, viewerId, now) };
}
