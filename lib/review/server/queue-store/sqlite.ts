import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ReviewEventInput } from "@/lib/review/history";
import { sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { AppError } from "@/lib/platform/errors/app-error";
import { itemTarget } from "../item-target";
import type { NewQueue } from "../new-queue";
import type { QueueStore } from "./types";

// writeQueue on SQLite: prepared statements on a connection of their own (bulk-writer.ts), the
// columns written exactly as Prisma writes them.

const INSERT_QUEUE = `INSERT INTO "ReviewQueue" ("id","name","runId","filter","createdById","createdAt") VALUES (?,?,?,?,?,?)`;
const INSERT_REVIEW = `INSERT INTO "Review" ("id","queueId","position","runId","toolCallId","evaluationId","transcriptEvaluationId","reasons","status","createdAt","updatedAt")
VALUES (?,?,?,?,?,?,?,?,'open',?,?)`;
const INSERT_EVENT = `INSERT INTO "ReviewEvent" ("id","reviewId","actorId","kind","data","createdAt") VALUES (?,?,?,?,?,?)`;

const sqliteCode = (error: unknown) => (error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : "");

async function writeQueue(prisma: PrismaClient, queue: NewQueue): Promise<string> {
  const queueId = randomUUID();
  const at = sqliteDateTime(queue.createdAt);
  try {
    withBulkConnection(prisma, (db) => {
      const insertQueue = db.prepare(INSERT_QUEUE);
      const insertReview = db.prepare(INSERT_REVIEW);
      const insertEvent = db.prepare(INSERT_EVENT);
      db.transaction(() => {
        insertQueue.run(queueId, queue.name, queue.runId, JSON.stringify(queue.filter), queue.createdById, at);
        queue.items.forEach((item, index) => {
          const reviewId = randomUUID();
          const target = itemTarget(item);
          insertReview.run(reviewId, queueId, index + 1, queue.runId, target.toolCallId, target.evaluationId, target.transcriptEvaluationId, JSON.stringify(item.reasons), at, at);
          // Each item's history starts with who queued it, into which queue, and why.
          const event: ReviewEventInput = { kind: "created", data: { queueId, queueName: queue.name, reasons: [...item.reasons] } };
          insertEvent.run(randomUUID(), reviewId, queue.createdById, event.kind, JSON.stringify(event.data), at);
        });
      }).immediate();
    });
  } catch (error) {
    // Two people building from one run at once: the second finds results the first just took.
    if (sqliteCode(error) === "SQLITE_CONSTRAINT_UNIQUE") {
      throw new AppError("conflict", "Someone queued some of these results a moment ago. Build the queue again to take the rest.");
    }
    if (sqliteCode(error) === "SQLITE_CONSTRAINT_FOREIGNKEY") throw new AppError("not-found", `Run ${queue.runId} was deleted while the queue was being built.`);
    throw error;
  }
  return queueId;
}

export const sqliteQueueStore: QueueStore = { writeQueue };
