import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ReviewEventInput } from "@/lib/review/history";
import { insertRowsPostgres, type SqlValue } from "@/lib/platform/db/multi-row-insert";
import { FOREIGN_KEY_VIOLATION, postgresErrorCode, UNIQUE_VIOLATION } from "@/lib/platform/db/pg-errors";
import { itemTarget } from "../item-target";
import type { NewQueue } from "../new-queue";
import type { QueueStore } from "./types";
import { AppError } from "@/lib/platform/errors/app-error";

// writeQueue on PostgreSQL: the queue, its items and their "created" entries in one transaction
// with multi-row INSERTs; the same conflicts reported the same way.

const REVIEW_COLUMNS = ["id", "queueId", "position", "runId", "toolCallId", "evaluationId", "transcriptEvaluationId", "reasons", "status", "createdAt", "updatedAt"];
const EVENT_COLUMNS = ["id", "reviewId", "actorId", "kind", "data", "createdAt"];

async function writeQueuePostgres(prisma: PrismaClient, queue: NewQueue): Promise<string> {
  const queueId = randomUUID();
  const at = queue.createdAt;
  const reviews: SqlValue[][] = [];
  const events: SqlValue[][] = [];
  queue.items.forEach((item, index) => {
    const reviewId = randomUUID();
    const target = itemTarget(item);
    reviews.push([reviewId, queueId, index + 1, queue.runId, target.toolCallId, target.evaluationId, target.transcriptEvaluationId, JSON.stringify(item.reasons), "open", at, at]);
    const event: ReviewEventInput = { kind: "created", data: { queueId, queueName: queue.name, reasons: [...item.reasons] } };
    events.push([randomUUID(), reviewId, queue.createdById, event.kind, JSON.stringify(event.data), at]);
  });
  try {
    await prisma.$transaction(
      async (tx) => {
        await insertRowsPostgres(tx, "ReviewQueue", ["id", "name", "runId", "filter", "createdById", "createdAt"], [[queueId, queue.name, queue.runId, JSON.stringify(queue.filter), queue.createdById, at]], { filter: "jsonb" });
        await insertRowsPostgres(tx, "Review", REVIEW_COLUMNS, reviews, { reasons: "jsonb" });
        await insertRowsPostgres(tx, "ReviewEvent", EVENT_COLUMNS, events, { data: "jsonb" });
      },
      { timeout: 60_000, maxWait: 15_000 },
    );
  } catch (error) {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError("conflict", "Someone queued some of these results a moment ago. Build the queue again to take the rest.");
    }
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError("not-found", `Run ${queue.runId} was deleted while the queue was being built.`);
    throw error;
  }
  return queueId;
}

export const postgresQueueStore: QueueStore = { writeQueue: writeQueuePostgres };
