import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { plural } from "@/lib/format";
import { selectQueueItems } from "@/lib/review/build-queue";
import type { QueueFilter } from "@/lib/review/queue-filter";
import { MAX_QUEUE_NAME_LENGTH } from "@/lib/zod/review";
import { loadQueueCandidates } from "./candidates";
import { ReviewError, type ReviewActor } from "./errors";
import { writeQueue } from "./write-queue";

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
  const run = await prisma.run.findUnique({ where: { id: input.runId }, select: { id: true, name: true, status: true, doneCount: true, errorCount: true, total: true } });
  if (!run) throw new ReviewError("not-found", `Run ${input.runId} does not exist.`);
  if (UNFINISHED.has(run.status)) {
    throw new ReviewError("invalid-state", `This run is still being judged (${run.doneCount + run.errorCount} of ${run.total} results). Build a queue when it has finished.`);
  }
  const [candidates, queued] = await Promise.all([
    loadQueueCandidates(prisma, run.id, input.filter),
    prisma.review.findMany({ where: { runId: run.id }, select: { evaluationId: true } }),
  ]);
  const { items, alreadyQueued } = selectQueueItems(candidates, input.filter, new Set(queued.map((row) => row.evaluationId)));
  if (items.length === 0) {
    throw new ReviewError(
      "nothing-matched",
      alreadyQueued > 0 ? `Nothing new matched: the ${plural(alreadyQueued, "matching result")} are already in a queue.` : "Nothing matched this filter in this run.",
    );
  }

  const name = (input.name?.trim() || `Review: ${run.name}`).slice(0, MAX_QUEUE_NAME_LENGTH);
  // Read outside the write: a result another queue takes meanwhile fails the write on the unique
  // evaluationId, which writeQueue reports as a conflict, and nothing is written.
  const queueId = writeQueue(prisma, {
    name,
    runId: run.id,
    filter: filterJson(input.filter),
    createdById: actor.id,
    createdAt: now,
    items,
  });
  return { queueId, added: items.length, alreadyQueued };
}
