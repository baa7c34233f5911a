/**
 * Why a judged result was put in a review queue. Stored on Review.reasons as a JSON list, always
 * in this order, so that a list filter can match the few possible lists exactly.
 */
export const QUEUE_REASONS = ["failed", "low-score", "flipped"] as const;

/** One reason a result was queued: it failed, scored low, or changed verdict between modes. */
export type QueueReason = (typeof QUEUE_REASONS)[number];

/** Short labels for badges and filters. */
export const QUEUE_REASON_LABELS: Readonly<Record<QueueReason, string>> = {
  failed: "failed",
  "low-score": "low score",
  flipped: "flipped",
};

/** True for one of the three reasons. */
export function isQueueReason(value: unknown): value is QueueReason {
  return typeof value === "string" && (QUEUE_REASONS as readonly string[]).includes(value);
}

/** The reasons without repeats, in canonical order. */
export function canonicalReasons(reasons: Iterable<QueueReason>): QueueReason[] {
  const set = new Set(reasons);
  return QUEUE_REASONS.filter((reason) => set.has(reason));
}

/** Review.reasons as stored (Json): unknown entries are dropped, since rows outlive code versions. */
export function parseReasons(value: unknown): QueueReason[] {
  return Array.isArray(value) ? canonicalReasons(value.filter(isQueueReason)) : [];
}

/**
 * Every stored reasons list that includes `reason`: the non-empty canonical lists holding it.
 * SQLite offers Prisma no "JSON array contains", but a list equals one of these exactly.
 */
export function reasonListsContaining(reason: QueueReason): QueueReason[][] {
  const lists: QueueReason[][] = [];
  for (let mask = 1; mask < 1 << QUEUE_REASONS.length; mask++) {
    const list = QUEUE_REASONS.filter((_, index) => mask & (1 << index));
    if (list.includes(reason)) lists.push(list);
  }
  return lists;
}
