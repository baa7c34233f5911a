import type { Prisma } from "@/lib/generated/prisma/client";
import { formatDateTime } from "@/lib/platform/format";
import { lockExpiry, lockState, type LockFields } from "@/lib/review/lock";
import type { ItemEvent } from "./events";
import { AppError } from "@/lib/platform/errors/app-error";

type LockedItem = LockFields & { id: string };

/** The refusal for an item someone else holds, naming them and when their lock runs out. */
async function lockedByOther(tx: Prisma.TransactionClient, item: LockedItem): Promise<AppError> {
  const holder = item.lockedById ? await tx.user.findUnique({ where: { id: item.lockedById }, select: { name: true } }) : null;
  const until = item.lockedUntil ? formatDateTime(item.lockedUntil) : "later";
  return new AppError("locked", `${holder?.name ?? "Someone else"} is working on this item until ${until}. Pick another item, or try again then.`);
}

/** Refuses when someone else holds a live lock on the item. */
export async function refuseIfLockedByOther(tx: Prisma.TransactionClient, item: LockedItem, actorId: string, now: Date): Promise<void> {
  if (lockState(item, actorId, now) === "other") throw await lockedByOther(tx, item);
}

/**
 * Writes new lock columns only if nobody changed them since `item` was read: two reviewers who
 * read a free item at once cannot both take it, whichever process they run in.
 */
async function swapLock(tx: Prisma.TransactionClient, item: LockedItem, data: Prisma.ReviewUncheckedUpdateManyInput): Promise<void> {
  const { count } = await tx.review.updateMany({ where: { id: item.id, lockedById: item.lockedById, lockedUntil: item.lockedUntil }, data });
  if (count === 0) throw new AppError("conflict", "Someone else took this item a moment ago. Reload it to see who.");
}

/**
 * Takes the item's lock for the actor, or renews theirs, for LOCK_TTL_MS from `now`; refuses
 * when someone else holds it. Returns the history entry when the holder changed (a renewal is none).
 */
export async function holdLock(tx: Prisma.TransactionClient, item: LockedItem, actorId: string, now: Date): Promise<{ until: Date; events: ItemEvent[] }> {
  const state = lockState(item, actorId, now);
  if (state === "other") throw await lockedByOther(tx, item);
  const until = lockExpiry(now);
  await swapLock(tx, item, { lockedById: actorId, lockedUntil: until });
  if (state === "mine") return { until, events: [] };
  const takenFrom = state === "expired" && item.lockedById !== actorId ? item.lockedById : null;
  return { until, events: [{ reviewId: item.id, event: { kind: "claimed", data: { until: until.toISOString(), takenFrom } } }] };
}

/**
 * Ends the actor's live lock on the item; nothing to do (and no entry) when they do not hold one.
 * Someone else's lock is refused before this is called.
 */
export async function dropOwnLock(tx: Prisma.TransactionClient, item: LockedItem, actorId: string, now: Date, reason: "released" | "done"): Promise<ItemEvent[]> {
  if (lockState(item, actorId, now) !== "mine") return [];
  await swapLock(tx, item, { lockedById: null, lockedUntil: null });
  return [{ reviewId: item.id, event: { kind: "released", data: { reason } } }];
}
