import type { PrismaClient } from "@/lib/generated/prisma/client";
import { REVIEW_TRANSACTION, type ReviewActor } from "./errors";
import { recordEvents } from "./events";
import { itemForChange } from "./item";
import { dropOwnLock, holdLock, refuseIfLockedByOther } from "./item-lock";

/** A lock taken or renewed. */
export interface ClaimedItem {
  reviewId: string;
  runId: string;
  queueId: string;
  lockedUntil: Date;
  /** False when the actor already held the lock and only renewed it. */
  taken: boolean;
}

/**
 * Takes the item's lock for the actor (or renews theirs) for ten minutes, so nobody else works
 * on it meanwhile. Refused, naming the holder and until when, while someone else holds it;
 * an expired lock is taken over. Does not change the status: a lock says who works on it now.
 */
export async function claimItem(prisma: PrismaClient, actor: ReviewActor, reviewId: string, now: Date = new Date()): Promise<ClaimedItem> {
  return prisma.$transaction(async (tx) => {
    const item = await itemForChange(tx, reviewId);
    const lock = await holdLock(tx, item, actor.id, now);
    await recordEvents(tx, actor.id, now, lock.events);
    return { reviewId, runId: item.runId, queueId: item.queueId, lockedUntil: lock.until, taken: lock.events.length > 0 };
  }, REVIEW_TRANSACTION);
}

/** A lock let go, or not (there was none of the actor's to release). */
export interface ReleasedItem {
  reviewId: string;
  queueId: string;
  released: boolean;
}

/**
 * Lets go of the actor's lock so someone else can take the item at once. Releasing an item
 * nobody holds (or whose lock expired) changes nothing; someone else's lock is refused.
 */
export async function releaseItem(prisma: PrismaClient, actor: ReviewActor, reviewId: string, now: Date = new Date()): Promise<ReleasedItem> {
  return prisma.$transaction(async (tx) => {
    const item = await itemForChange(tx, reviewId);
    await refuseIfLockedByOther(tx, item, actor.id, now);
    const events = await dropOwnLock(tx, item, actor.id, now, "released");
    await recordEvents(tx, actor.id, now, events);
    return { reviewId, queueId: item.queueId, released: events.length > 0 };
  }, REVIEW_TRANSACTION);
}
