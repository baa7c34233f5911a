import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEFAULT_QUEUE_FILTER, queueFilterSchema } from "@/lib/review/queue-filter";
import { verdictOf } from "@/lib/runs/results/verdict";
import type { TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { buildQueue } from "./build-queue";
import { getReviewItem } from "./get-item";
import { listQueueItems } from "./list-items";
import { listQueues } from "./list-queues";
import { writeQueue } from "./write-queue";
import { callItems, copyReviewDatabase, createReviewTemplate, demoQueue, demoRunId, TEST_MEMBERS } from "./test-fixtures";
import { AppError } from "@/lib/platform/errors/app-error";

let template: Awaited<ReturnType<typeof createReviewTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let runId: string;
let testNumber = 0;
const admin = TEST_MEMBERS.admin;
const now = new Date("2026-11-22T12:00:00Z");

// Migrating, seeding and judging the demo takes seconds, more when test files run side by side.
beforeAll(async () => {
  template = await createReviewTemplate();
}, 120_000);
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyReviewDatabase(template.file, `build-${++testNumber}`);
  prisma = db.prisma;
  runId = await demoRunId(prisma);
});
afterEach(() => db.cleanup());

/** The demo run's calls × criteria, classified by hand the way the issue describes the default queue. */
async function expectedDefaultQueue() {
  const results = await prisma.evaluation.findMany({
    where: { runId, status: "done" },
    select: { id: true, toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true, criterion: { select: { scale: true } } },
  });
  const flips = await prisma.callComparison.findMany({ where: { runId, flipped: true }, select: { toolCallId: true, criterionId: true } });
  const flipped = new Set(flips.map((flip) => `${flip.toolCallId}/${flip.criterionId}`));
  const picked = new Set<string>();
  const all = new Set<string>();
  for (const result of results) {
    const pair = `${result.toolCallId}/${result.criterionId}`;
    all.add(pair);
    const scale = result.criterion.scale === "binary" ? "binary" : "continuous";
    const failed = verdictOf(result, scale) === "fail";
    const low = scale === "continuous" && result.score !== null && result.score < 0.5;
    if (failed || low || flipped.has(pair)) picked.add(pair);
  }
  const passing = new Set([...all].filter((pair) => !picked.has(pair)));
  return { picked, passing, flips: flips.length, resultsOfPicked: results.filter((r) => picked.has(`${r.toolCallId}/${r.criterionId}`)).length };
}

/** The call × criterion each queued item stands for. */
async function queuedPairs(queueId?: string) {
  const rows = callItems(await prisma.review.findMany({ where: queueId ? { queueId } : {}, select: { toolCallId: true, evaluation: { select: { criterionId: true, mode: true } } } }));
  return rows.map((row) => ({ pair: `${row.toolCallId}/${row.evaluation.criterionId}`, mode: row.evaluation.mode }));
}

describe("buildQueue", () => {
  it("queues each failed, low-scoring or flipped call × criterion of a finished run once, and no passing ones", async () => {
    const expected = await expectedDefaultQueue();
    expect(expected.flips).toBeGreaterThan(0);
    const queue = await demoQueue(prisma, now);
    expect(queue.added).toBe(expected.picked.size);
    // A both-mode run: one item per call × criterion, not one per result.
    expect(queue.added).toBeLessThan(expected.resultsOfPicked);
    expect(queue.alreadyQueued).toBe(0);
    const pairs = await queuedPairs(queue.queueId);
    expect(new Set(pairs.map((item) => item.pair))).toEqual(expected.picked);
    expect(pairs).toHaveLength(expected.picked.size);
    for (const pair of expected.passing) expect(pairs.some((item) => item.pair === pair)).toBe(false);
    expect(queue.items.map((item) => item.position)).toEqual(queue.items.map((_, index) => index + 1));
    const reasons = new Set(queue.items.flatMap((item) => item.reasons as string[]));
    expect(reasons).toEqual(new Set(["failed", "low-score", "flipped"]));
  });

  it("stores the queue with its name, filter and creator, and a 'created' entry in each item's history", async () => {
    const queue = await demoQueue(prisma, now);
    const stored = await prisma.reviewQueue.findUniqueOrThrow({ where: { id: queue.queueId } });
    expect(stored).toMatchObject({ name: "Review: Demo: built-in checks, immediate and hindsight", runId, createdById: admin.id, filter: DEFAULT_QUEUE_FILTER });
    const events = await prisma.reviewEvent.findMany({ where: { review: { queueId: queue.queueId } } });
    expect(events).toHaveLength(queue.added);
    expect(events.every((event) => event.kind === "created" && event.actorId === admin.id && event.createdAt.getTime() === now.getTime())).toBe(true);
    const detail = await getReviewItem(prisma, queue.items[0].id, admin.id, {}, now);
    expect(detail?.history.map((entry) => entry.sentence)).toEqual([expect.stringMatching(/^Ana queued it in “Review: Demo.*” \(/)]);
  });

  it("adds nothing twice: a second build finds everything queued and creates nothing", async () => {
    const first = await demoQueue(prisma, now);
    const error = await buildQueue(prisma, admin, { runId, filter: DEFAULT_QUEUE_FILTER }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "nothing-matched", message: `Nothing new matched: the ${first.added} matching calls × criteria are already in a queue.`, details: { queueId: first.queueId } });
    expect(await prisma.reviewQueue.count()).toBe(1);
    expect(await prisma.review.count()).toBe(first.added);
  });

  it("takes only what no other queue holds when filters overlap", async () => {
    const flipsOnly = await buildQueue(prisma, admin, { runId, name: "flips", filter: queueFilterSchema.parse({ failed: false, lowScore: false }) }, now);
    const everything = await buildQueue(prisma, admin, { runId, name: "rest", filter: DEFAULT_QUEUE_FILTER }, now);
    const expected = await expectedDefaultQueue();
    expect(flipsOnly.added).toBe(expected.flips);
    expect(everything.alreadyQueued).toBe(flipsOnly.added);
    expect(flipsOnly.added + everything.added).toBe(expected.picked.size);
    const pairs = (await queuedPairs()).map((item) => item.pair);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it("narrows to the filter's criteria, modes and tools", async () => {
    const criterion = await prisma.runCriterion.findFirstOrThrow({ where: { runId, criterion: { scale: "binary" } }, select: { criterionId: true } });
    const built = await buildQueue(prisma, admin, { runId, filter: queueFilterSchema.parse({ criterionIds: [criterion.criterionId], modes: ["immediate"] }) }, now);
    const items = callItems(await prisma.review.findMany({ where: { queueId: built.queueId }, select: { toolCallId: true, evaluation: { select: { criterionId: true, mode: true } } } }));
    expect(items.length).toBe(built.added);
    expect(items.every((item) => item.evaluation.criterionId === criterion.criterionId && item.evaluation.mode === "immediate")).toBe(true);
  });

  it("caps a queue with a stratified sample whose seed is kept with the queue", async () => {
    const expected = await expectedDefaultQueue();
    const built = await buildQueue(prisma, admin, { runId, filter: queueFilterSchema.parse({ sampling: "stratified", limit: 3 }) }, now);
    expect(built).toMatchObject({ added: 3, matched: expected.picked.size });
    const stored = await prisma.reviewQueue.findUniqueOrThrow({ where: { id: built.queueId } });
    expect(stored.filter).toMatchObject({ sampling: "stratified", limit: 3, seed: expect.any(Number) });
    // The rest stays available to a later queue.
    const rest = await buildQueue(prisma, admin, { runId, filter: DEFAULT_QUEUE_FILTER }, now);
    expect(rest).toMatchObject({ added: expected.picked.size - 3, alreadyQueued: 3 });
  });

  it("says so when nothing matches, and creates nothing", async () => {
    await expect(buildQueue(prisma, admin, { runId, filter: queueFilterSchema.parse({ toolNames: ["no_such_tool"] }) })).rejects.toMatchObject({
      code: "nothing-matched",
      message: "Nothing matched this filter in this run.",
    });
    expect(await prisma.reviewQueue.count()).toBe(0);
  });

  it("refuses an unknown run and one still being judged", async () => {
    await expect(buildQueue(prisma, admin, { runId: "missing", filter: DEFAULT_QUEUE_FILTER })).rejects.toMatchObject({ code: "not-found" });
    await prisma.run.update({ where: { id: runId }, data: { status: "running" } });
    await expect(buildQueue(prisma, admin, { runId, filter: DEFAULT_QUEUE_FILTER })).rejects.toMatchObject({ code: "invalid-state", message: expect.stringMatching(/still being judged/) });
    expect(await prisma.reviewQueue.count()).toBe(0);
  });

  it("writes nothing and says so when another queue took one of the results meanwhile", async () => {
    const first = await demoQueue(prisma, now);
    const [taken] = callItems([await prisma.review.findFirstOrThrow({ where: { queueId: first.queueId }, select: { toolCallId: true, evaluationId: true, evaluation: { select: { id: true } } } })]);
    const before = { queues: await prisma.reviewQueue.count(), reviews: await prisma.review.count(), events: await prisma.reviewEvent.count() };
    const write = () =>
      writeQueue(prisma, {
        name: "Racing",
        runId,
        filter: {},
        createdById: admin.id,
        createdAt: now,
        items: [{ toolCallId: taken.toolCallId, evaluationId: taken.evaluation.id, reasons: ["failed"] }],
      });
    await expect(write()).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/queued some of these results a moment ago/) });
    expect({ queues: await prisma.reviewQueue.count(), reviews: await prisma.review.count(), events: await prisma.reviewEvent.count() }).toEqual(before);
  });

  it("writes rows Prisma reads back as it wrote them before: dates, JSON and defaults", async () => {
    const queue = await demoQueue(prisma, now);
    const stored = await prisma.review.findUniqueOrThrow({
      where: { id: queue.items[0].id },
      select: { createdAt: true, updatedAt: true, status: true, reasons: true, queue: { select: { createdAt: true, filter: true } }, events: { select: { kind: true, createdAt: true, data: true } } },
    });
    expect(stored).toMatchObject({ createdAt: now, updatedAt: now, status: "open", queue: { createdAt: now, filter: expect.objectContaining({ failed: true }) } });
    expect(Array.isArray(stored.reasons)).toBe(true);
    expect(stored.events).toEqual([{ kind: "created", createdAt: now, data: expect.objectContaining({ queueId: queue.queueId, reasons: stored.reasons }) }]);
  });
});

describe("listQueues and listQueueItems", () => {
  it("count items by status", async () => {
    const queue = await demoQueue(prisma, now);
    await prisma.review.update({ where: { id: queue.items[0].id }, data: { status: "done", verdict: "agree" } });
    await prisma.review.update({ where: { id: queue.items[1].id }, data: { status: "in-review" } });
    const [summary] = await listQueues(prisma);
    expect(summary).toMatchObject({
      id: queue.queueId,
      runId,
      runName: "Demo: built-in checks, immediate and hindsight",
      createdBy: { id: admin.id, name: "Ana" },
      filterSummary: "failed, score below 0.5, flipped",
      counts: { open: queue.added - 2, inReview: 1, done: 1, total: queue.added },
    });
    expect(await listQueues(prisma, { runId: "other" })).toEqual([]);
  });

  it("pages through a queue in order, with what each row shows", async () => {
    const queue = await demoQueue(prisma, now);
    const first = await listQueueItems(prisma, queue.queueId, { page: 1, pageSize: 10 }, admin.id, now);
    const second = await listQueueItems(prisma, queue.queueId, { page: 2, pageSize: 10 }, admin.id, now);
    expect(first?.total).toBe(queue.added);
    expect(first?.rows.map((row) => row.id)).toEqual(queue.items.slice(0, 10).map((item) => item.id));
    expect(second?.rows.map((row) => row.id)).toEqual(queue.items.slice(10, 20).map((item) => item.id));
    expect(first?.rows[0]).toMatchObject({ position: 1, status: "open", verdict: null, corrected: null, label: null, assignee: null, lock: null, commentCount: 0 });
    expect(first?.rows[0].toolName).toEqual(expect.any(String));
    expect(first?.rows[0].transcriptName).toEqual(expect.any(String));
    expect(first?.rows[0].criterionText).toMatch(/^(Reward|Penalize|Tool call)/);
    expect(await listQueueItems(prisma, "missing", { page: 1, pageSize: 10 }, admin.id)).toBeNull();
  });

  it("filters by status, assignee and reason", async () => {
    const queue = await demoQueue(prisma, now);
    const ben = TEST_MEMBERS.reviewer.id;
    await prisma.review.update({ where: { id: queue.items[2].id }, data: { assigneeId: ben, status: "in-review" } });
    const list = (filter: Parameters<typeof listQueueItems>[2], viewer: string = admin.id) => listQueueItems(prisma, queue.queueId, filter, viewer, now);
    expect((await list({ assignee: "me", page: 1, pageSize: 50 }, ben))?.rows.map((row) => row.id)).toEqual([queue.items[2].id]);
    expect((await list({ assignee: ben, page: 1, pageSize: 50 }))?.total).toBe(1);
    expect((await list({ assignee: "unassigned", page: 1, pageSize: 100 }))?.total).toBe(queue.added - 1);
    expect((await list({ status: "in-review", page: 1, pageSize: 50 }))?.total).toBe(1);
    const flipped = queue.items.filter((item) => (item.reasons as string[]).includes("flipped"));
    const byReason = await list({ reason: "flipped", page: 1, pageSize: 100 });
    expect(byReason?.rows.map((row) => row.id)).toEqual(flipped.map((item) => item.id));
    expect(byReason?.rows.every((row) => row.reasons.includes("flipped"))).toBe(true);
  });
});

describe("getReviewItem", () => {
  it("gives the judge's result, neighbours and the page's lists", async () => {
    const queue = await demoQueue(prisma, now);
    const middle = queue.items[1];
    const detail = await getReviewItem(prisma, middle.id, admin.id, {}, now);
    expect(detail).toMatchObject({
      id: middle.id,
      runId,
      status: "open",
      previousId: queue.items[0].id,
      nextId: queue.items[2].id,
      place: { index: 2, total: queue.items.length },
      lock: { state: "free", holder: null },
      comments: [],
      verdict: null,
    });
    expect(detail?.evaluation.evaluationId).toBe(middle.evaluation.id);
    expect(detail?.evaluation.result.explanation).toEqual(expect.any(String));
    expect(detail?.labels.map((label) => label.name)).toEqual(["wrong tool", "bad argument", "fabricated value", "ignored error", "unnecessary call", "judge mistake"]);
    expect(detail?.members.map((member) => member.name)).toEqual(["Ana", "Ben", "Cleo"]);
    expect(await getReviewItem(prisma, "missing", admin.id)).toBeNull();
  });

  it("follows the list filter for previous and next, and stops at the ends", async () => {
    const queue = await demoQueue(prisma, now);
    const flipped = queue.items.filter((item) => (item.reasons as string[]).includes("flipped"));
    expect(flipped.length).toBeGreaterThan(1);
    const first = await getReviewItem(prisma, flipped[0].id, admin.id, { reason: "flipped" }, now);
    expect(first).toMatchObject({ previousId: null, nextId: flipped[1].id, place: { index: 1, total: flipped.length } });
    const outside = queue.items.find((item) => !(item.reasons as string[]).includes("flipped"));
    if (outside) {
      const detail = await getReviewItem(prisma, outside.id, admin.id, { reason: "flipped" }, now);
      expect(detail?.place).toEqual({ index: null, total: flipped.length });
    }
    const last = await getReviewItem(prisma, queue.items[queue.items.length - 1].id, admin.id, {}, now);
    expect(last?.nextId).toBeNull();
  });
});
