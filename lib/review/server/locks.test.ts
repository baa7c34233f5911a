import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { LOCK_TTL_MS } from "@/lib/review/lock";
import type { TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { claimItem, releaseItem } from "./claim";
import { getReviewItem } from "./get-item";
import { itemHistory } from "./history-view";
import { listQueueItems } from "./list-items";
import { setReviewLabel } from "./label";
import { setReviewStatus } from "./status";
import { copyReviewDatabase, createReviewTemplate, demoQueue, itemOfScale, TEST_MEMBERS } from "./test-fixtures";
import { recordVerdict } from "./verdict";

let template: Awaited<ReturnType<typeof createReviewTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let queue: Awaited<ReturnType<typeof demoQueue>>;
let reviewId: string;
let testNumber = 0;
const ben = TEST_MEMBERS.reviewer;
const cleo = TEST_MEMBERS.otherReviewer;
const t0 = new Date("2026-11-22T12:00:00Z");
const after = (ms: number) => new Date(t0.getTime() + ms);

// Migrating, seeding and judging the demo takes seconds, more when test files run side by side.
beforeAll(async () => {
  template = await createReviewTemplate();
}, 120_000);
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyReviewDatabase(template.file, `locks-${++testNumber}`);
  prisma = db.prisma;
  queue = await demoQueue(prisma, t0);
  reviewId = itemOfScale(queue, "binary").id;
});
afterEach(() => db.cleanup());

// Oldest first, in the order the item page tells it.
const kinds = async () => (await itemHistory(prisma, reviewId)).map((entry) => entry.kind).reverse();

describe("claimItem", () => {
  it("gives the item to the first reviewer and refuses the second, naming the holder and the time", async () => {
    const claimed = await claimItem(prisma, ben, reviewId, t0);
    expect(claimed).toMatchObject({ reviewId, taken: true, lockedUntil: after(LOCK_TTL_MS) });
    await expect(claimItem(prisma, cleo, reviewId, after(60_000))).rejects.toMatchObject({
      code: "locked",
      message: "Ben is working on this item until 22 Nov 2026, 12:10 UTC. Pick another item, or try again then.",
    });
    const row = await prisma.review.findUniqueOrThrow({ where: { id: reviewId } });
    expect(row).toMatchObject({ lockedById: ben.id, lockedUntil: after(LOCK_TTL_MS), status: "open" });
    expect(await kinds()).toEqual(["created", "claimed"]);
  });

  it("lets the holder renew without a new history entry", async () => {
    await claimItem(prisma, ben, reviewId, t0);
    const renewed = await claimItem(prisma, ben, reviewId, after(5 * 60_000));
    expect(renewed).toMatchObject({ taken: false, lockedUntil: after(5 * 60_000 + LOCK_TTL_MS) });
    expect(await kinds()).toEqual(["created", "claimed"]);
  });

  it("lets someone else take the item once the lock has expired, and says whose it was", async () => {
    await claimItem(prisma, ben, reviewId, t0);
    const taken = await claimItem(prisma, cleo, reviewId, after(LOCK_TTL_MS));
    expect(taken).toMatchObject({ taken: true, lockedUntil: after(2 * LOCK_TTL_MS) });
    const detail = await getReviewItem(prisma, reviewId, cleo.id, {}, after(LOCK_TTL_MS + 1));
    expect(detail?.lock).toMatchObject({ state: "mine", holder: { byId: cleo.id, byName: "Cleo", mine: true } });
    expect(detail?.history[0].sentence).toBe("Cleo claimed it after Ben’s lock expired");
  });

  it("shows the lock to everyone in lists, and not once it expired", async () => {
    await claimItem(prisma, ben, reviewId, t0);
    const row = async (at: Date) => (await listQueueItems(prisma, queue.queueId, { page: 1, pageSize: 100 }, cleo.id, at))?.rows.find((r) => r.id === reviewId);
    expect((await row(after(1000)))?.lock).toEqual({ byId: ben.id, byName: "Ben", until: after(LOCK_TTL_MS), mine: false });
    expect((await row(after(LOCK_TTL_MS)))?.lock).toBeNull();
    const seen = await getReviewItem(prisma, reviewId, cleo.id, {}, after(LOCK_TTL_MS));
    expect(seen?.lock).toEqual({ state: "expired", holder: null });
  });

  it("refuses an unknown item", async () => {
    await expect(claimItem(prisma, ben, "missing", t0)).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("releaseItem", () => {
  it("frees the item for others, and is recorded", async () => {
    await claimItem(prisma, ben, reviewId, t0);
    expect(await releaseItem(prisma, ben, reviewId, after(1000))).toMatchObject({ released: true });
    expect(await claimItem(prisma, cleo, reviewId, after(2000))).toMatchObject({ taken: true });
    expect(await kinds()).toEqual(["created", "claimed", "released", "claimed"]);
  });

  it("refuses to release someone else's lock and does nothing without one", async () => {
    await claimItem(prisma, ben, reviewId, t0);
    await expect(releaseItem(prisma, cleo, reviewId, after(1000))).rejects.toMatchObject({ code: "locked" });
    expect(await releaseItem(prisma, cleo, reviewId, after(LOCK_TTL_MS))).toMatchObject({ released: false });
    expect(await kinds()).toEqual(["created", "claimed"]);
  });
});

describe("work under a lock", () => {
  it("takes a free lock with a verdict, and refuses a verdict, a label or a status under someone else's", async () => {
    await recordVerdict(prisma, ben, reviewId, { verdict: "agree" }, t0);
    expect(await prisma.review.findUniqueOrThrow({ where: { id: reviewId } })).toMatchObject({ lockedById: ben.id, verdict: "agree", status: "in-review" });
    await expect(recordVerdict(prisma, cleo, reviewId, { verdict: "discuss" }, after(1000))).rejects.toMatchObject({ code: "locked" });
    const label = await prisma.reviewLabel.findFirstOrThrow();
    await expect(setReviewLabel(prisma, cleo, reviewId, label.id, after(1000))).rejects.toMatchObject({ code: "locked" });
    await expect(setReviewStatus(prisma, cleo, reviewId, "done", after(1000))).rejects.toMatchObject({ code: "locked" });
    // Nothing of Cleo's got through.
    expect(await prisma.review.findUniqueOrThrow({ where: { id: reviewId } })).toMatchObject({ verdict: "agree", verdictById: ben.id, labelId: null, status: "in-review" });
    // Once Ben's lock ran out, Cleo may take over.
    await expect(recordVerdict(prisma, cleo, reviewId, { verdict: "discuss" }, after(LOCK_TTL_MS))).resolves.toMatchObject({ status: "in-review" });
  });

  it("lets the lock go when the holder marks the item done", async () => {
    await recordVerdict(prisma, ben, reviewId, { verdict: "agree" }, t0);
    await setReviewStatus(prisma, ben, reviewId, "done", after(1000));
    expect(await prisma.review.findUniqueOrThrow({ where: { id: reviewId } })).toMatchObject({ status: "done", lockedById: null, lockedUntil: null });
    expect(await kinds()).toEqual(["created", "claimed", "verdict", "status", "status", "released"]);
    const detail = await getReviewItem(prisma, reviewId, ben.id, {}, after(2000));
    expect(detail?.history.slice(0, 2).map((entry) => entry.sentence)).toEqual(["Ben’s lock ended as it was marked done", "Ben marked it done"]);
  });
});
