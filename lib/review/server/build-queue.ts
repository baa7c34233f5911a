import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { plural } from "@/lib/platform/format";
import { randomInt } from "node:crypto";
import { agentPairKey, pairKey, selectQueueItems } from "@/lib/review/build-queue";
import type { QueueFilter } from "@/lib/review/queue-filter";
import { MAX_QUEUE_NAME_LENGTH } from "@/lib/review/schemas/review";
import { loadAgentQueueCandidates, loadQueueCandidates } from "./candidates";
import { type ReviewActor } from "./errors";
import { writeQueue } from "./write-queue";
import { AppError } from "@/lib/platform/errors/app-error";

/** A queue built. */
export interface BuiltQueue {
  queueId: string;
  /** Items in the new queue. */
  added: number;
  /** Of them, agent-level results (transcript × agent criterion); the rest are calls × criteria. */
  addedAgent: number;
  /** Call × criterion pairs the filter matched that another queue already holds. */
  alreadyQueued: number;
  /** Matching pairs that were new, before a sample or a limit took `added` of them. */
  matched: number;
}

const UNFINISHED = new Set(["pending", "running"]);

/** The selection key of a queued item: its call × criterion, or its transcript × agent criterion. */
function queuedKey(row: { toolCallId: string | null; evaluation: { criterionId: string } | null; transcriptEvaluation: { transcriptId: string; criterionId: string } | null }): string[] {
  if (row.transcriptEvaluation) return [agentPairKey(row.transcriptEvaluation)];
  if (row.toolCallId !== null && row.evaluation) return [pairKey({ toolCallId: row.toolCallId, criterionId: row.evaluation.criterionId })];
  return [];
}

/** "3 matching calls × criteria are", or "results" when agent-level results were among the candidates. */
export function matchingWhat(count: number, withAgentResults: boolean): string {
  return withAgentResults ? `${plural(count, "matching result is", "matching results are")}` : `${plural(count, "matching call × criterion", "matching calls × criteria")} are`;
}

/** The stored filter: JSON without undefined keys. */
function filterJson(filter: QueueFilter): Prisma.InputJsonObject {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Prisma.InputJsonObject;
}

/**
 * Builds a queue from a finished run's results: one item per call × criterion the filter matches
 * (failed, low scores, flips in either mode; see selectQueueItems) and per agent-level result
 * (transcript × agent criterion) that failed or scored low, sampled and capped as the
 * filter says, in reading order, each pair at most once across all queues.
 * Every item's history starts with who queued it, when and why. Refuses an unknown run and one
 * still being judged; when nothing new matches, creates nothing and says so.
 */
export async function buildQueue(prisma: PrismaClient, actor: ReviewActor, input: { runId: string; name?: string; filter: QueueFilter }, now: Date = new Date()): Promise<BuiltQueue> {
  const run = await prisma.run.findUnique({ where: { id: input.runId }, select: { id: true, name: true, status: true, doneCount: true, errorCount: true, total: true } });
  if (!run) throw new AppError("not-found", `Run ${input.runId} does not exist.`);
  if (UNFINISHED.has(run.status)) {
    throw new AppError("invalid-state", `This run is still being judged (${run.doneCount + run.errorCount} of ${run.total} results). Build a queue when it has finished.`);
  }
  // A sample is drawn with a seed kept in the queue's filter, so the queue can be explained later.
  const filter: QueueFilter = input.filter.sampling !== "all" && input.filter.seed === undefined ? { ...input.filter, seed: randomInt(2 ** 32 - 1) } : input.filter;
  const [candidates, agentCandidates, queued] = await Promise.all([
    loadQueueCandidates(prisma, run.id, filter),
    loadAgentQueueCandidates(prisma, run.id, filter),
    prisma.review.findMany({
      where: { runId: run.id },
      select: { toolCallId: true, queueId: true, evaluation: { select: { criterionId: true } }, transcriptEvaluation: { select: { transcriptId: true, criterionId: true } } },
    }),
  ]);
  const queuedPairs = new Map(queued.flatMap((row) => queuedKey(row).map((key) => [key, row.queueId] as const)));
  const { items, alreadyQueued, heldBy, matched } = selectQueueItems([...candidates, ...agentCandidates], filter, queuedPairs);
  if (items.length === 0) {
    if (alreadyQueued > 0) {
      throw new AppError("nothing-matched", `Nothing new matched: the ${matchingWhat(alreadyQueued, agentCandidates.length > 0)} already in a queue.`, { queueId: heldBy[0] });
    }
    throw new AppError("nothing-matched", "Nothing matched this filter in this run.");
  }

  const name = (input.name?.trim() || `Review: ${run.name}`).slice(0, MAX_QUEUE_NAME_LENGTH);
  // Read outside the write: a result another queue takes meanwhile fails the write on the unique
  // evaluationId, which writeQueue reports as a conflict, and nothing is written.
  const queueId = await writeQueue(prisma, {
    name,
    runId: run.id,
    filter: filterJson(filter),
    createdById: actor.id,
    createdAt: now,
    items,
  });
  const addedAgent = items.filter((item) => "transcriptEvaluationId" in item).length;
  return { queueId, added: items.length, addedAgent, alreadyQueued, matched };
}
