import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import type { QueueReason } from "@/lib/review/reasons";
import { seededRandom, shuffled } from "@/lib/review/sample";
import { recordEvents } from "@/lib/review/server/events";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import { DAY_MS, floorDay, idBound } from "../hours";

/** Failures looked at per monitor and turn: the day's sample is drawn from the newest of them. */
const CANDIDATES = 200;

/**
 * Adds a sample of each monitor's new failures to its review queue, at most `reviewPerDay` items
 * a (UTC) day: failed verdicts and scores under 0.5 of calls that arrived today, not yet in any
 * queue, drawn at random with the day as the seed. Each item's history says the monitor's
 * creator queued it, as a person-built queue says who built it.
 */
export async function feedReviewQueues(prisma: PrismaClient, now: Date = new Date()): Promise<number> {
  const monitors = await prisma.monitor.findMany({
    where: { paused: false, reviewQueueId: { not: null }, reviewPerDay: { gt: 0 } },
    select: { id: true, runId: true, reviewPerDay: true, reviewQueue: { select: { id: true, name: true, createdById: true } } },
  });
  const day = floorDay(now.getTime());
  let added = 0;
  for (const monitor of monitors) {
    const queue = monitor.reviewQueue;
    if (!queue || !monitor.reviewPerDay) continue;
    added += await prisma.$transaction(async (tx) => {
      await lockRowsForUpdate(tx, "Run", [monitor.runId]);
      const today = await tx.review.count({ where: { queueId: queue.id, createdAt: { gte: new Date(day) } } });
      const room = (monitor.reviewPerDay ?? 0) - today;
      if (room <= 0) return 0;
      const failures = await tx.evaluation.findMany({
        where: { runId: monitor.runId, status: "done", review: null, toolCallId: { gte: idBound(day), lt: idBound(day + DAY_MS) }, OR: [{ passed: false }, { passed: null, score: { lt: 0.5 } }] },
        orderBy: { toolCallId: "desc" },
        take: CANDIDATES,
        select: { id: true, toolCallId: true, passed: true },
      });
      // A call × criterion is reviewed once: the other mode's result of the same pair stays out.
      const queuedPairs = await tx.review.findMany({ where: { runId: monitor.runId, toolCallId: { in: failures.map((row) => row.toolCallId) } }, select: { toolCallId: true, evaluation: { select: { criterionId: true } } } });
      const taken = new Set(queuedPairs.map((row) => `${row.toolCallId}/${row.evaluation?.criterionId}`));
      const pick = shuffled(failures, seededRandom(day / DAY_MS)).slice(0, room);
      const last = await tx.review.findFirst({ where: { queueId: queue.id }, orderBy: { position: "desc" }, select: { position: true } });
      let position = last?.position ?? 0;
      const events: { reviewId: string; event: { kind: "created"; data: { queueId: string; queueName: string; reasons: QueueReason[] } } }[] = [];
      for (const failure of pick) {
        const evaluation = await tx.evaluation.findUniqueOrThrow({ where: { id: failure.id }, select: { criterionId: true } });
        const pair = `${failure.toolCallId}/${evaluation.criterionId}`;
        if (taken.has(pair)) continue;
        taken.add(pair);
        const reasons: QueueReason[] = [failure.passed === false ? "failed" : "low-score"];
        const review = await tx.review.create({ data: { queueId: queue.id, position: ++position, runId: monitor.runId, toolCallId: failure.toolCallId, evaluationId: failure.id, reasons, createdAt: now }, select: { id: true } });
        events.push({ reviewId: review.id, event: { kind: "created", data: { queueId: queue.id, queueName: queue.name, reasons } } });
      }
      await recordEvents(tx, queue.createdById, now, events);
      return events.length;
    }, RUN_TRANSACTION);
  }
  return added;
}
