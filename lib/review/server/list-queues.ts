import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { describeQueueFilter, parseStoredQueueFilter, type QueueFilter } from "@/lib/review/queue-filter";
import { parseReviewStatus } from "@/lib/review/status";

/** Items of a queue by status. */
export interface QueueCounts {
  open: number;
  inReview: number;
  done: number;
  total: number;
}

/** A queue as the queue list shows it. */
export interface QueueSummary {
  id: string;
  name: string;
  runId: string;
  runName: string;
  filter: QueueFilter;
  /** The filter in one line: "failed, score below 0.5, flipped". */
  filterSummary: string;
  createdBy: { id: string; name: string };
  createdAt: Date;
  counts: QueueCounts;
}

const emptyCounts = (): QueueCounts => ({ open: 0, inReview: 0, done: 0, total: 0 });

const queueSelect = {
  id: true,
  name: true,
  runId: true,
  filter: true,
  createdAt: true,
  run: { select: { name: true } },
  createdBy: { select: { id: true, name: true } },
} as const;

/** Status counts of the given queues, in one grouped read of the (queueId, status) index. */
async function countsByQueue(prisma: PrismaClient, queueIds: readonly string[]): Promise<Map<string, QueueCounts>> {
  const groups = await prisma.review.groupBy({ by: ["queueId", "status"], where: { queueId: { in: [...queueIds] } }, _count: { _all: true } });
  const counts = new Map<string, QueueCounts>(queueIds.map((id) => [id, emptyCounts()]));
  for (const group of groups) {
    const entry = counts.get(group.queueId);
    if (!entry) continue;
    const status = parseReviewStatus(group.status);
    const count = group._count._all;
    if (status === "open") entry.open += count;
    else if (status === "in-review") entry.inReview += count;
    else entry.done += count;
    entry.total += count;
  }
  return counts;
}

type QueueRow = Prisma.ReviewQueueGetPayload<{ select: typeof queueSelect }>;

function summary(queue: QueueRow, counts: QueueCounts | undefined): QueueSummary {
  const filter = parseStoredQueueFilter(queue.filter);
  return {
    id: queue.id,
    name: queue.name,
    runId: queue.runId,
    runName: queue.run.name,
    filter,
    filterSummary: describeQueueFilter(filter),
    createdBy: queue.createdBy,
    createdAt: queue.createdAt,
    counts: counts ?? emptyCounts(),
  };
}

/** The review queues, newest first (or only those built from one run), with their progress. */
export async function listQueues(prisma: PrismaClient, options: { runId?: string } = {}): Promise<QueueSummary[]> {
  const queues = await prisma.reviewQueue.findMany({ where: options.runId ? { runId: options.runId } : {}, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: queueSelect });
  const counts = await countsByQueue(
    prisma,
    queues.map((queue) => queue.id),
  );
  return queues.map((queue) => summary(queue, counts.get(queue.id)));
}

/** One queue with its progress; null when it does not exist. */
export async function getQueue(prisma: PrismaClient, queueId: string): Promise<QueueSummary | null> {
  const queue = await prisma.reviewQueue.findUnique({ where: { id: queueId }, select: queueSelect });
  return queue ? summary(queue, (await countsByQueue(prisma, [queue.id])).get(queue.id)) : null;
}
