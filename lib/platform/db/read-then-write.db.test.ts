import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { ensureAdminToken } from "@/lib/accounts/server/admin-token";
import { createInvitation } from "@/lib/accounts/server/invitations";
import { recordSignInFailure } from "@/lib/accounts/server/sign-in-throttle";
import { addCriteria } from "@/lib/criteria/server/add-criteria";
import { updateCriterion } from "@/lib/criteria/server/update-criterion";
import { loadDemo } from "@/lib/demo/server/seed";
import { assignItem } from "@/lib/review/server/assign";
import { addComment, editComment } from "@/lib/review/server/comments";
import { createLabel } from "@/lib/review/server/labels";
import { demoQueue, TEST_MEMBERS } from "@/lib/review/server/test-fixtures";
import { createRun } from "@/lib/runs/server/create-run";
import { resolveCriteria } from "@/lib/runs/server/resolve-criteria";
import { retryFailed } from "@/lib/runs/server/retry-failed";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { finishIdleRuns } from "@/lib/runs/server/worker/finish-runs";
import { hashToken } from "@/lib/accounts/server/api-token";

// Read-then-write services racing a transaction that changes what they read. On SQLite the write
// lock taken at BEGIN serialises them; on PostgreSQL (npm run test:pg) the services' row, table
// and name locks (row-lock.ts) or their retry on a unique conflict (retry-unique.ts) must. Each
// test holds the other side's transaction open after its writes, starts the service, lets the
// other side commit, and checks that the service acted on what was committed.

let db: TestDatabase;
let prisma: PrismaClient;
let queue: Awaited<ReturnType<typeof demoQueue>>;

beforeAll(async () => {
  db = await createTestDatabase("races");
  prisma = db.prisma;
  await loadDemo(prisma);
  for (const member of Object.values(TEST_MEMBERS)) await prisma.user.create({ data: { ...member, deactivatedAt: null } });
  queue = await demoQueue(prisma);
}, 120_000);
afterAll(() => db.cleanup());

/** Long enough for the service to reach the lock it waits on (or SQLite's queue) before the other side commits. */
const SETTLE_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` in a transaction kept open until the returned commit() is called. */
async function heldOpen(work: (tx: Prisma.TransactionClient) => Promise<unknown>): Promise<{ commit(): Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const ready = new Promise<void>((resolve) => (written = resolve));
  const done = prisma.$transaction(
    async (tx) => {
      await work(tx);
      written();
      await gate;
    },
    { maxWait: 15_000, timeout: 30_000 },
  );
  await Promise.race([ready, done]);
  return {
    async commit() {
      release();
      await done;
    },
  };
}

/** Starts `service` while `other` is held open, then commits `other`; returns the service's outcome. */
async function race<T>(other: (tx: Prisma.TransactionClient) => Promise<unknown>, service: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const held = await heldOpen(other);
  const outcome = service().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await sleep(SETTLE_MS);
  await held.commit();
  return outcome;
}

const criterion = (text: string): Criterion => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};

describe("runs", () => {
  async function failedRun(name: string) {
    const first = await prisma.criterion.findFirstOrThrow({ where: { scope: "call" }, orderBy: { text: "asc" }, select: { id: true } });
    const { runId } = await createRun(prisma, newRunSchema.parse({ name, selection: { kind: "all" }, criterionIds: [first.id], mode: "immediate" }));
    const { count } = await prisma.evaluation.updateMany({ where: { runId }, data: { status: "error", error: "judge down", errorKind: "server" } });
    await prisma.run.update({ where: { id: runId }, data: { status: "running", doneCount: 0, errorCount: count } });
    return { runId, count };
  }

  it("a retry does not put back to running a run cancelled meanwhile", async () => {
    const { runId } = await failedRun("retry vs cancel");
    const outcome = await race(
      (tx) => tx.run.update({ where: { id: runId }, data: { status: "cancelled", finishedAt: new Date() } }),
      () => retryFailed(prisma, runId),
    );
    expect(String(outcome.error)).toMatch(/cancelled/);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } })).toEqual({ status: "cancelled" });
    expect(await prisma.evaluation.count({ where: { runId, status: "pending" } })).toBe(0);
  });

  it("closing idle runs leaves a run whose failed rows were retried meanwhile", async () => {
    const { runId, count } = await failedRun("finish vs retry");
    const outcome = await race(async (tx) => {
      await tx.evaluation.updateMany({ where: { runId, status: "error" }, data: { status: "pending", error: null, errorKind: null } });
      await tx.run.update({ where: { id: runId }, data: { status: "running", errorCount: 0 } });
    }, () => finishIdleRuns(prisma));
    expect(outcome.value).not.toContain(runId);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, errorCount: true } })).toEqual({ status: "running", errorCount: 0 });
    expect(await prisma.evaluation.count({ where: { runId, status: "pending" } })).toBe(count);
  });
});

describe("review", () => {
  it("an assignment's history starts from the assignee committed meanwhile", async () => {
    const reviewId = queue.items[0].id;
    const outcome = await race(
      (tx) => tx.review.update({ where: { id: reviewId }, data: { assigneeId: TEST_MEMBERS.otherReviewer.id } }),
      () => assignItem(prisma, TEST_MEMBERS.admin, reviewId, TEST_MEMBERS.reviewer.id),
    );
    expect(outcome.error).toBeUndefined();
    const event = await prisma.reviewEvent.findFirstOrThrow({ where: { reviewId, kind: "assigned" }, orderBy: { createdAt: "desc" }, select: { data: true } });
    expect(event.data).toEqual({ from: TEST_MEMBERS.otherReviewer.id, to: TEST_MEMBERS.reviewer.id });
  });

  it("an edited comment's history keeps the text committed meanwhile", async () => {
    const reviewId = queue.items[1].id;
    const { commentId } = await addComment(prisma, TEST_MEMBERS.reviewer, reviewId, { body: "first" });
    const outcome = await race(
      (tx) => tx.comment.update({ where: { id: commentId }, data: { body: "second", editedAt: new Date() } }),
      () => editComment(prisma, TEST_MEMBERS.reviewer, commentId, "third"),
    );
    expect(outcome.value).toMatchObject({ changed: true });
    const event = await prisma.reviewEvent.findFirstOrThrow({ where: { reviewId, kind: "comment-edited" }, select: { data: true } });
    expect(event.data).toEqual({ commentId, previousBody: "second" });
  });

  it("a label whose name differs only by case from one created meanwhile is refused", async () => {
    const outcome = await race(
      (tx) => tx.reviewLabel.create({ data: { name: "Flaky judge", position: 99 } }),
      () => createLabel(prisma, { name: "flaky JUDGE" }),
    );
    expect(String(outcome.error)).toMatch(/already exists/);
    expect(await prisma.reviewLabel.count({ where: { name: { in: ["Flaky judge", "flaky JUDGE"] } } })).toBe(1);
  });
});

describe("criteria", () => {
  it("a criterion's text stays fixed once a run created meanwhile uses it", async () => {
    const text = "Reward tool calls that name the city the user asked about";
    const stored = await prisma.criterion.create({ data: { ...criterion(text), scope: "call" }, select: { id: true } });
    const outcome = await race(
      async (tx) => {
        const run = await tx.run.create({ data: { name: "racing run", judgeId: "checks", judgeSettings: { kind: "checks" }, mode: "immediate", selection: { kind: "all" } }, select: { id: true } });
        await tx.runCriterion.create({ data: { runId: run.id, criterionId: stored.id, position: 0 } });
      },
      () => updateCriterion(prisma, stored.id, criterion("Reward tool calls that name the country the user asked about"), undefined),
    );
    expect(String(outcome.error)).toMatch(/Used by 1 run/);
    expect(await prisma.criterion.findUniqueOrThrow({ where: { id: stored.id }, select: { text: true } })).toEqual({ text });
  });

  it("a text added meanwhile is reported as already there, not refused", async () => {
    const added = criterion("Reward tool calls that pass dates in ISO format");
    const outcome = await race(
      (tx) => tx.criterion.create({ data: { ...added, scope: "call" } }),
      () => addCriteria(prisma, [added], "user"),
    );
    expect(outcome.value).toEqual({ added: 0, alreadyThere: 1 });
    expect(await prisma.criterion.count({ where: { text: added.text } })).toBe(1);
  });
});

describe("criteria named by text in a run request", () => {
  it("reuse a criterion stored meanwhile with the same text", async () => {
    const text = "Reward tool calls that ask for metric units";
    let storedId = "";
    const outcome = await race(
      async (tx) => {
        storedId = (await tx.criterion.create({ data: { ...criterion(text), scope: "call" }, select: { id: true } })).id;
      },
      () => resolveCriteria(prisma, { role: "reviewer" }, [text]),
    );
    expect(outcome.value).toEqual([storedId]);
    expect(await prisma.criterion.count({ where: { text } })).toBe(1);
  });
});

describe("accounts", () => {
  it("a start-up admin token stored meanwhile by another server is found, not refused", async () => {
    const token = `cb_${"a".repeat(40)}`;
    const outcome = await race(
      (tx) => tx.apiToken.create({ data: { userId: TEST_MEMBERS.admin.id, name: "CALLBOARD_ADMIN_TOKEN", prefix: token.slice(0, 9), tokenHash: hashToken(token) } }),
      () => ensureAdminToken(prisma, TEST_MEMBERS.admin.email, token),
    );
    expect(outcome.value).toEqual({ outcome: "exists" });
    expect(await prisma.apiToken.count({ where: { tokenHash: hashToken(token) } })).toBe(1);
  });

  it("wrong passwords sent at once each count", async () => {
    const email = "target@example.com";
    const attempts = 8;
    await Promise.all(Array.from({ length: attempts }, (_, index) => recordSignInFailure(prisma, { email, address: `10.0.0.${index}` })));
    const row = await prisma.signInThrottle.findUniqueOrThrow({ where: { key: `email:${email}` }, select: { failures: true } });
    expect(row.failures).toBe(attempts);
  });

  it("two invitations to one address at once leave one pending", async () => {
    const email = "twice@example.com";
    await Promise.all([createInvitation(prisma, TEST_MEMBERS.admin, { email, role: "reviewer" }), createInvitation(prisma, TEST_MEMBERS.admin, { email, role: "viewer" })]);
    expect(await prisma.invitation.count({ where: { email, revokedAt: null, acceptedAt: null } })).toBe(1);
  });
});
