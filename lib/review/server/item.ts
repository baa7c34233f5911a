import type { Prisma } from "@/lib/generated/prisma/client";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { AppError } from "@/lib/platform/errors/app-error";

const itemSelect = {
  id: true,
  queueId: true,
  runId: true,
  toolCallId: true,
  status: true,
  verdict: true,
  humanPassed: true,
  humanScore: true,
  verdictById: true,
  labelId: true,
  assigneeId: true,
  lockedById: true,
  lockedUntil: true,
  label: { select: { id: true, name: true } },
  evaluation: { select: { score: true, passed: true, criterion: { select: { scale: true } } } },
  transcriptEvaluation: { select: { score: true, passed: true, criterion: { select: { scale: true } } } },
} as const;

/** An item as the changing services read it: its state, lock and the judge result it reviews. */
export type ItemForChange = Prisma.ReviewGetPayload<{ select: typeof itemSelect }>;

/**
 * An item inside a transaction, or a not-found refusal. Locked until the transaction ends, so a
 * concurrent change to the same item waits and then reads this one's result (its history's
 * "from" values, its status and lock, are never stale).
 */
export async function itemForChange(tx: Prisma.TransactionClient, reviewId: string): Promise<ItemForChange> {
  await lockRowsForUpdate(tx, "Review", [reviewId]);
  const item = await tx.review.findUnique({ where: { id: reviewId }, select: itemSelect });
  if (!item) throw new AppError("not-found", "This review item does not exist (any more).");
  return item;
}

/** The judge's result an item reviews, a call's or an agent-level one; refuses a row with neither (never written by the app). */
export function judgedResultOf(item: Pick<ItemForChange, "evaluation" | "transcriptEvaluation">): { score: number | null; passed: boolean | null; criterion: { scale: string } } {
  const result = item.evaluation ?? item.transcriptEvaluation;
  if (!result) throw new AppError("invalid-state", "This review item has lost the result it reviews.");
  return result;
}
