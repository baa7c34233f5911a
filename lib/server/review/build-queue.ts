import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { plural } from "@/lib/format";
import { selectQueueItems } from "@/lib/review/build-queue";
import type { QueueFilter } from "@/lib/review/queue-filter";
import { MAX_QUEUE_NAME_LENGTH } from "@/lib/zod/review";
import { loadQueueCandidates } from "./candidates";
import { BUILD_QUEUE_TRANSACTION, ReviewError, type ReviewActor } from "./errors";
import { recordEvents } from "./events";

/** A queue built. */
export interface BuiltQueue {
  queueId: string;
  /** Items in the new queue. */
  added: number;
  /** Results the filter matched that another queue already holds. */
  alreadyQueued: number;
}

const UNFINISHED = new Set(["pending", "running"]);

/** The stored filter: JSON without undefined keys. */
function filterJson(filter: QueueFilter): Prisma.InputJsonObject {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Prisma.InputJsonObject;
}

/**
 * Builds a queue from a finished run's results: those the filter matches (failed, low scores,
 * flips; see selectQueueItems), in reading order, each result at most once across all queues.
 * Every item's history starts with who queued it, when and why. Refuses an unknown run and one
 * still being judged; when nothing new matches, creates nothing and says so.
 */
export async function buildQueue(prisma: PrismaClient, actor: ReviewActor, input: { runId: string; name?: string; filter: QueueFilter }, now: Date = new Date()): Promise<BuiltQueue> {
  try {
    return await prisma.$transaction(async (tx) => {
      const run = await tx.run.findUnique({ where: { id: input.runId }, select: { id: true, name: true, status: true, doneCount: true, errorCount: true, total: true } });
      if (!run) throw new ReviewError("not-found", `Run ${input.runId} does not exist.`);
      if (UNFINISHED.has(run.status)) {
        throw new ReviewError("invalid-state", `This run is still being judged (${run.doneCount + run.errorCount} of ${run.total} results). Build a queue when it has finished.`);
      }
      const candidates = await loadQueueCandidates(tx, run.id, input.filter);
      const queued = await tx.review.findMany({ where: { runId: run.id }, select: { evaluationId: true } });
      const { items, alreadyQueued } = selectQueueItems(candidates, input.filter, new Set(queued.map((row) => row.evaluationId)));
      if (items.length === 0) {
        throw new ReviewError(
          "nothing-matched",
          alreadyQueued > 0 ? `Nothing new matched: the ${plural(alreadyQueued, "matching result")} are already in a queue.` : "Nothing matched this filter in this run.",
        );
      }

      const name = (input.name?.trim() || `Review: ${run.name}`).slice(0, MAX_QUEUE_NAME_LENGTH);
      const queue = await tx.reviewQueue.create({ data: { name, runId: run.id, filter: filterJson(input.filter), createdById: actor.id, createdAt: now }, select: { id: true } });
      const reviews = await tx.review.createManyAndReturn({
        data: items.map((item, index) => ({
          queueId: queue.id,
          position: index + 1,
          runId: run.id,
          toolCallId: item.toolCallId,
          evaluationId: item.evaluationId,
          reasons: item.reasons,
          createdAt: now,
        })),
        select: { id: true, evaluationId: true },
      });
      const reasons = new Map(items.map((item) => [item.evaluationId, item.reasons]));
      await recordEvents(
        tx,
        actor.id,
        now,
        reviews.map((review) => ({ reviewId: review.id, event: { kind: "created", data: { queueId: queue.id, queueName: name, reasons: reasons.get(review.evaluationId) ?? [] } } })),
      );
      return { queueId: queue.id, added: reviews.length, alreadyQueued };
    }, BUILD_QUEUE_TRANSACTION);
  } catch (error) {
    // Two people building from one run at once: the second finds results the first just took.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ReviewError("conflict", "Someone queued some of these results a moment ago. Build the queue again to take the rest.");
    }
    throw error;
  }
}
