import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ReviewEventInput } from "@/lib/review/history";
import { sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { dialectOf } from "@/lib/platform/db/dialect";
import { itemTarget } from "./item-target";
import type { NewQueue } from "./new-queue";
import { writeQueuePostgres } from "./write-queue-postgres";
import { AppError } from "@/lib/platform/errors/app-error";

export type { NewQueue } from "./new-queue";

const INSERT_QUEUE = `INSERT INTO "ReviewQueue" ("id","name","runId","filter","createdById","createdAt") VALUES (?,?,?,?,?,?)`;
const INSERT_REVIEW = `INSERT INTO "Review" ("id","queueId","position","runId","toolCallId","evaluationId","transcriptEvaluationId","reasons","status","createdAt","updatedAt")
VALUES (?,?,?,?,?,?,?,?,'open',?,?)`;
const INSERT_EVENT = `INSERT INTO "ReviewEvent" ("id","reviewId","actorId","kind","data","createdAt") VALUES (?,?,?,?,?,?)`;

const sqliteCode = (error: unknown) => (error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : "");

/**
 * Writes a queue, its items and each item's "created" entry in one transaction, with prepared
 * statements on a connection of their own (lib/platform/db/bulk-writer.ts): through Prisma, 6,112
 * items and their history took 3.5 s of writes, during which the worker could not store results.
 * Columns are written exactly as Prisma writes them. Returns the queue's id.
 */
export async function writeQueue(prisma: PrismaClient, queue: NewQueue): Promise<string> {
  if (dialectOf(prisma) === "postgresql") return writeQueuePostgres(prisma, queue);
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
