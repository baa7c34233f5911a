import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewEventInput } from "@/lib/review/history";

/** One history entry to write: which item and what happened to it. */
export interface ItemEvent {
  reviewId: string;
  event: ReviewEventInput;
}

/**
 * Appends history entries in the transaction that made the change, so a change and its record
 * stand or fall together. Entries of one item are a millisecond apart in the order given: one
 * action can record several (claimed, verdict, status) and the history must read in that order.
 */
export async function recordEvents(tx: Prisma.TransactionClient, actorId: string, now: Date, entries: readonly ItemEvent[]): Promise<void> {
  if (entries.length === 0) return;
  const seen = new Map<string, number>();
  await tx.reviewEvent.createMany({
    data: entries.map(({ reviewId, event }) => {
      const offset = seen.get(reviewId) ?? 0;
      seen.set(reviewId, offset + 1);
      return { reviewId, actorId, kind: event.kind, data: event.data, createdAt: new Date(now.getTime() + offset) };
    }),
  });
}
