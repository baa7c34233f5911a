import type { PrismaClient } from "@/lib/generated/prisma/client";
import { checkAlerts } from "./check-alerts";
import { deliverDueAlerts } from "./deliver-alerts";
import { feedReviewQueues } from "./feed-review";
import { rollupDueHours } from "./rollup-hours";
import { takeLiveChecks } from "./take-live-checks";

const LIVE_CHECKS_EVERY_MS = 250;
const ALERTS_EVERY_MS = 1_000;
const ROLLUP_EVERY_MS = 1_000;
const REVIEW_EVERY_MS = 10_000;
const DELIVERY_EVERY_MS = 1_000;

interface Clock {
  liveChecks: number;
  alerts: number;
  rollup: number;
  review: number;
  delivery: number;
  delivering: Promise<unknown> | null;
}

const clocks = new WeakMap<PrismaClient, Clock>();

/**
 * The monitors' share of a worker's turn: trend sums, alert checks and review feeds when due, each
 * a few small statements. Webhook posts run beside the loop and are never awaited by it: a webhook
 * that hangs costs its own timeout, not judging time.
 */
export async function monitorHousekeeping(prisma: PrismaClient, onError: (error: unknown) => void, now: number = Date.now()): Promise<void> {
  let clock = clocks.get(prisma);
  if (!clock) clocks.set(prisma, (clock = { liveChecks: 0, alerts: 0, rollup: 0, review: 0, delivery: 0, delivering: null }));
  // Each task on its own: one that fails (a PostgreSQL conflict between two workers summing the
  // same hour, say) is reported and tried at its next turn, and never holds judging up, which
  // the worker loop's back-off after an error would.
  const task = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      onError(error);
    }
  };
  // Live checks first: their results count in the hour sums and alerts of this same turn.
  if (now - clock.liveChecks >= LIVE_CHECKS_EVERY_MS) {
    const current = clock;
    current.liveChecks = now;
    await task(async () => {
      if ((await takeLiveChecks(prisma, new Date(now))).more) current.liveChecks = 0;
    });
  }
  if (now - clock.rollup >= ROLLUP_EVERY_MS) {
    clock.rollup = now;
    await task(() => rollupDueHours(prisma, new Date(now)));
  }
  if (now - clock.alerts >= ALERTS_EVERY_MS) {
    clock.alerts = now;
    await task(() => checkAlerts(prisma, new Date(now)));
  }
  if (now - clock.review >= REVIEW_EVERY_MS) {
    clock.review = now;
    await task(() => feedReviewQueues(prisma, new Date(now)));
  }
  if (!clock.delivering && now - clock.delivery >= DELIVERY_EVERY_MS) {
    clock.delivery = now;
    const running = deliverDueAlerts(prisma, new Date(now))
      .catch(onError)
      .finally(() => {
        if (clock) clock.delivering = null;
      });
    clock.delivering = running;
  }
}
