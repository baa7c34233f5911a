import type { PrismaClient } from "@/lib/generated/prisma/client";
import { checkVerdictFitsScale, humanVerdictFromRow, verdictColumns, type HumanVerdict } from "@/lib/review/human-verdict";
import { parseReviewStatus, statusAfterVerdict, type ReviewStatus } from "@/lib/review/status";
import { REVIEW_TRANSACTION, type ReviewActor } from "./errors";
import { recordEvents, type ItemEvent } from "./events";
import { itemForChange, judgedResultOf } from "./item";
import { asScale } from "./item-view";
import { holdLock } from "./item-lock";
import { AppError } from "@/lib/platform/errors/app-error";

/** A verdict recorded, and where it left the item. */
export interface RecordedVerdict {
  reviewId: string;
  runId: string;
  queueId: string;
  status: ReviewStatus;
  verdict: HumanVerdict;
  /** False when the actor repeated the verdict they had already given. */
  changed: boolean;
}

const sameVerdict = (a: HumanVerdict | null, b: HumanVerdict) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Records the actor's verdict on the judge's result. The actor must hold the item's lock, or
 * take it now when it is free or expired (recording is working on it); someone else's live lock
 * refuses. The verdict must fit the criterion's scale (see checkVerdictFitsScale). An open item
 * moves to in review; a done item goes back to in review if the verdict becomes "discuss".
 */
export async function recordVerdict(prisma: PrismaClient, actor: ReviewActor, reviewId: string, human: HumanVerdict, now: Date = new Date()): Promise<RecordedVerdict> {
  return prisma.$transaction(async (tx) => {
    const item = await itemForChange(tx, reviewId);
    const reviewed = judgedResultOf(item);
    const scale = asScale(reviewed.criterion.scale);
    const judge = { score: reviewed.score, passed: reviewed.passed };
    const fits = checkVerdictFitsScale(human, scale, judge);
    if (!fits.ok) throw new AppError("invalid-state", fits.message);

    const lock = await holdLock(tx, item, actor.id, now);
    const from = humanVerdictFromRow(item);
    const status = parseReviewStatus(item.status);
    const result = { reviewId, runId: item.runId, queueId: item.queueId, verdict: human };
    if (sameVerdict(from, human) && item.verdictById === actor.id) {
      await recordEvents(tx, actor.id, now, lock.events);
      return { ...result, status, changed: false };
    }

    const next = statusAfterVerdict(status, human.verdict);
    await tx.review.update({ where: { id: reviewId }, data: { ...verdictColumns(human), verdictById: actor.id, verdictAt: now, status: next } });
    const events: ItemEvent[] = [...lock.events, { reviewId, event: { kind: "verdict", data: { from, to: human, judge, scale } } }];
    if (next !== status) events.push({ reviewId, event: { kind: "status", data: { from: status, to: next } } });
    await recordEvents(tx, actor.id, now, events);
    return { ...result, status: next, changed: true };
  }, REVIEW_TRANSACTION);
}
