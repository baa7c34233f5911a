import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "@/lib/platform/db/client";
import { seedDemoRun } from "@/lib/demo/server/seed";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { DEFAULT_QUEUE_FILTER } from "@/lib/review/queue-filter";
import { buildQueue } from "./build-queue";

/** The people of a review test database, by role. */
export const TEST_MEMBERS = {
  admin: { id: "user-ana", email: "ana@example.com", name: "Ana", role: "admin" },
  reviewer: { id: "user-ben", email: "ben@example.com", name: "Ben", role: "reviewer" },
  otherReviewer: { id: "user-cleo", email: "cleo@example.com", name: "Cleo", role: "reviewer" },
  viewer: { id: "user-vic", email: "vic@example.com", name: "Vic", role: "viewer" },
  /** A reviewer an admin removed. */
  former: { id: "user-dee", email: "dee@example.com", name: "Dee", role: "reviewer" },
} as const;

/**
 * A migrated SQLite file with the demo data, its finished both-mode run (judged by the built-in
 * checks, so results, flips and comparisons are real) and TEST_MEMBERS. Building it takes
 * seconds, so a test file builds one and gives each test a copy (see copyReviewDatabase).
 */
export async function createReviewTemplate(): Promise<{ file: string; cleanup(): void }> {
  const template = await createDemoTemplate("callboard-review-");
  const prisma = createPrisma(`file:${template.file}`);
  await seedDemoRun(prisma);
  for (const member of Object.values(TEST_MEMBERS)) {
    await prisma.user.create({ data: { ...member, deactivatedAt: member.id === TEST_MEMBERS.former.id ? new Date("2026-01-01T00:00:00Z") : null } });
  }
  // Closing the last connection checkpoints the WAL into the file, so the file alone is a full copy.
  await prisma.$disconnect();
  return template;
}

/** A private copy of the template for one test. */
export function copyReviewDatabase(templateFile: string, name: string): TestDatabase {
  return copyDatabase(templateFile, name);
}

/** The demo run's id (the only run in the template). */
export async function demoRunId(prisma: PrismaClient): Promise<string> {
  return (await prisma.run.findFirstOrThrow({ select: { id: true } })).id;
}

/** Review rows of call items, narrowed to their call and result: the demo run has no agent criteria, so anything else is a bug. */
export function callItems<T extends { toolCallId: string | null; evaluation: object | null }>(rows: readonly T[]): (T & { toolCallId: string; evaluation: NonNullable<T["evaluation"]> })[] {
  return rows.map((row) => {
    if (row.toolCallId === null || row.evaluation === null) throw new Error("Expected a call item, found an agent item");
    return row as T & { toolCallId: string; evaluation: NonNullable<T["evaluation"]> };
  });
}

/** The default queue of the demo run, built by the admin, with its items in queue order. */
export async function demoQueue(prisma: PrismaClient, now = new Date("2026-11-22T12:00:00Z")) {
  const runId = await demoRunId(prisma);
  const built = await buildQueue(prisma, TEST_MEMBERS.admin, { runId, filter: DEFAULT_QUEUE_FILTER }, now);
  const rows = await prisma.review.findMany({
    where: { queueId: built.queueId },
    orderBy: { position: "asc" },
    select: { id: true, position: true, reasons: true, toolCallId: true, evaluation: { select: { id: true, mode: true, score: true, passed: true, criterion: { select: { scale: true } } } } },
  });
  return { runId, ...built, items: callItems(rows) };
}

/** The first item of `queue` whose criterion has the scale. */
export function itemOfScale(queue: Awaited<ReturnType<typeof demoQueue>>, scale: "binary" | "continuous") {
  const item = queue.items.find((candidate) => candidate.evaluation.criterion.scale === scale);
  if (!item) throw new Error(`The demo queue has no ${scale} item`);
  return item;
}
