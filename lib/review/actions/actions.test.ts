import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/accounts/roles";
import type { CurrentUser } from "@/lib/accounts/server/current-user";

// The actions read the signed-in user, the app's database and Next's cache: point them at a test file.
const state = vi.hoisted(() => ({ user: null as CurrentUser | null, prisma: undefined as PrismaClient | undefined, revalidated: [] as string[] }));
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => state.revalidated.push(path) }));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/platform/db/client")>()), getPrisma: () => state.prisma }));
vi.mock("@/lib/accounts/server/guard", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/accounts/server/guard")>();
  return { ...real, authorizeAction: async (action: Parameters<typeof real.refusal>[1]) => real.refusal(state.user, action) ?? { ok: true, user: state.user } };
});

const { buildReviewQueueAction } = await import("./build-queue");
const { claimReviewItemAction } = await import("./claim");
const { releaseReviewItemAction } = await import("./release");
const { assignReviewItemAction } = await import("./assign");
const { recordReviewVerdictAction } = await import("./verdict");
const { setReviewLabelAction } = await import("./label");
const { setReviewStatusAction } = await import("./status");
const { addReviewCommentAction } = await import("./comment-add");
const { editReviewCommentAction } = await import("./comment-edit");
const { createReviewLabelAction } = await import("./label-create");
const { renameReviewLabelAction } = await import("./label-rename");
const { archiveReviewLabelAction } = await import("./label-archive");
const { copyReviewDatabase, createReviewTemplate, demoRunId, TEST_MEMBERS } = await import("@/lib/review/server/test-fixtures");
const { buildQueue } = await import("@/lib/review/server/build-queue");
const { addComment } = await import("@/lib/review/server/comments");
const { DEFAULT_QUEUE_FILTER } = await import("@/lib/review/queue-filter");

let template: Awaited<ReturnType<typeof createReviewTemplate>>;
let db: Awaited<ReturnType<typeof copyReviewDatabase>>;
let testNumber = 0;
let runId: string;
let reviewId: string;
let commentId: string;
let labelId: string;

// Migrating, seeding and judging the demo takes seconds, more when test files run side by side.
beforeAll(async () => {
  template = await createReviewTemplate();
}, 120_000);
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyReviewDatabase(template.file, `actions-${++testNumber}`);
  state.prisma = db.prisma;
  state.revalidated = [];
  runId = await demoRunId(db.prisma);
  // A queue of the flipped results only, so building the default queue still finds the rest.
  const built = await buildQueue(db.prisma, TEST_MEMBERS.admin, { runId, filter: { ...DEFAULT_QUEUE_FILTER, failed: false, lowScore: false } });
  const item = await db.prisma.review.findFirstOrThrow({ where: { queueId: built.queueId }, orderBy: { position: "asc" }, select: { id: true } });
  reviewId = item.id;
  commentId = (await addComment(db.prisma, TEST_MEMBERS.reviewer, reviewId, { body: "First look" })).commentId;
  labelId = (await db.prisma.reviewLabel.findFirstOrThrow({ orderBy: { position: "asc" } })).id;
});
afterEach(() => db.cleanup());

const as = (member: (typeof TEST_MEMBERS)[keyof typeof TEST_MEMBERS]) => {
  state.user = { id: member.id, email: member.email, name: member.name, role: member.role as Role, via: "session" };
};

/** Everything the actions can change, to prove a refusal changed nothing. */
async function snapshot() {
  const prisma = db.prisma;
  return {
    queues: await prisma.reviewQueue.count(),
    reviews: await prisma.review.findMany({ orderBy: { id: "asc" } }),
    comments: await prisma.comment.findMany({ orderBy: { id: "asc" } }),
    labels: await prisma.reviewLabel.findMany({ orderBy: { id: "asc" } }),
    events: await prisma.reviewEvent.count(),
  };
}

/** Each action with a valid input, and the role action it needs. */
const calls = () =>
  [
    { name: "build", needs: "build-queue", call: () => buildReviewQueueAction({ runId }) },
    { name: "claim", needs: "review", call: () => claimReviewItemAction({ reviewId }) },
    { name: "release", needs: "review", call: () => releaseReviewItemAction({ reviewId }) },
    { name: "assign", needs: "review", call: () => assignReviewItemAction({ reviewId, assigneeId: TEST_MEMBERS.reviewer.id }) },
    { name: "verdict", needs: "review", call: () => recordReviewVerdictAction({ reviewId, verdict: { verdict: "discuss" } }) },
    { name: "label", needs: "review", call: () => setReviewLabelAction({ reviewId, labelId }) },
    { name: "status", needs: "review", call: () => setReviewStatusAction({ reviewId, status: "in-review" }) },
    { name: "comment", needs: "comment", call: () => addReviewCommentAction({ reviewId, body: "Looks wrong to me", parentId: commentId }) },
    // Ben's comment: only Ben may edit it, whatever the role.
    { name: "edit comment", needs: "comment", call: () => editReviewCommentAction({ commentId, body: "First look, edited" }) },
    { name: "create label", needs: "edit-labels", call: () => createReviewLabelAction({ name: "stale data" }) },
    { name: "rename label", needs: "edit-labels", call: () => renameReviewLabelAction({ labelId, name: "wrong tool picked" }) },
    { name: "archive label", needs: "edit-labels", call: () => archiveReviewLabelAction({ labelId }) },
  ] as const;

describe("review actions and roles", () => {
  it("refuse everything to a viewer, changing nothing", async () => {
    as(TEST_MEMBERS.viewer);
    const before = await snapshot();
    for (const { name, call } of calls()) {
      expect(await call(), name).toEqual({ ok: false, message: "Your role (viewer) does not allow this. Ask an admin if you need it." });
    }
    expect(await snapshot()).toEqual(before);
    expect(state.revalidated).toEqual([]);
  });

  it("ask someone signed out to sign in again", async () => {
    state.user = null;
    for (const { name, call } of calls()) expect(await call(), name).toMatchObject({ ok: false, message: expect.stringMatching(/sign in again/) });
  });

  it("let a reviewer review and comment, but not edit labels", async () => {
    as(TEST_MEMBERS.reviewer);
    for (const { name, needs, call } of calls()) {
      const result = await call();
      if (needs === "edit-labels") expect(result, name).toMatchObject({ ok: false, message: expect.stringMatching(/Your role \(reviewer\)/) });
      else expect(result, name).toMatchObject({ ok: true });
    }
  });

  it("let an admin do everything their role allows, and refresh the pages concerned", async () => {
    as(TEST_MEMBERS.admin);
    for (const { name, call } of calls()) {
      const expected = name === "edit comment" ? { ok: false, message: "Only its author can edit a comment." } : { ok: true };
      expect(await call(), name).toMatchObject(expected);
    }
    expect(state.revalidated).toContain("/review");
    expect(state.revalidated).toContain(`/runs/${runId}`);
  });
});

describe("review actions and bad input", () => {
  it.each([
    ["a queue without a run", () => buildReviewQueueAction({ runId: "" }), /Unknown run/],
    ["a queue with no reason", () => buildReviewQueueAction({ runId, filter: { failed: false, lowScore: false, flipped: false } }), /at least one reason/],
    ["a score threshold out of range", () => buildReviewQueueAction({ runId, filter: { scoreBelow: 2 } }), /from 0 to 1/],
    ["a claim without an item", () => claimReviewItemAction({ reviewId: "   " }), /Unknown review item/],
    ["a verdict without a correction", () => recordReviewVerdictAction({ reviewId, verdict: { verdict: "disagree" } as never }), /needs the correct result/],
    ["an unknown verdict", () => recordReviewVerdictAction({ reviewId, verdict: { verdict: "maybe" } as never }), /Choose a verdict/],
    ["an unknown status", () => setReviewStatusAction({ reviewId, status: "archived" as never }), /open, in review or done/],
    ["an empty comment", () => addReviewCommentAction({ reviewId, body: "   " }), /Write a comment first/],
    ["a comment too long", () => editReviewCommentAction({ commentId, body: "x".repeat(5001) }), /at most 5,000 characters/],
    ["a label name too long", () => createReviewLabelAction({ name: "x".repeat(41) }), /at most 40 characters/],
    ["a blank label name", () => renameReviewLabelAction({ labelId, name: " " }), /Give the label a name/],
    ["an assignment without an item", () => assignReviewItemAction({ reviewId: "", assigneeId: null }), /Unknown review item/],
  ])("refuse %s with a clear message, changing nothing", async (_, call, message) => {
    as(TEST_MEMBERS.admin);
    const before = await snapshot();
    const result = await call();
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(message), fieldErrors: expect.any(Object) });
    expect(await snapshot()).toEqual(before);
  });

  it("key each field's messages by its full path, so a form puts them beside the field", async () => {
    as(TEST_MEMBERS.admin);
    const result = await buildReviewQueueAction({ runId, filter: { failed: false, lowScore: false, flipped: false, scoreBelow: 2 } });
    expect(result).toMatchObject({ ok: false, fieldErrors: { "filter.scoreBelow": [expect.stringMatching(/from 0 to 1/)] } });
    const noReason = await buildReviewQueueAction({ runId, filter: { failed: false, lowScore: false, flipped: false } });
    expect(noReason).toMatchObject({ ok: false, fieldErrors: { "filter.failed": [expect.stringMatching(/at least one reason/)] } });
  });

  it("pass on the services' refusals as messages", async () => {
    as(TEST_MEMBERS.admin);
    expect(await assignReviewItemAction({ reviewId, assigneeId: TEST_MEMBERS.viewer.id })).toEqual({ ok: false, message: "Vic is a viewer and cannot review. An admin can change their role first." });
    expect(await editReviewCommentAction({ commentId, body: "Not mine" })).toEqual({ ok: false, message: "Only its author can edit a comment." });
    expect(await setReviewStatusAction({ reviewId, status: "done" })).toMatchObject({ ok: false, message: expect.stringMatching(/Record a verdict/) });
    expect(await claimReviewItemAction({ reviewId: "missing" })).toMatchObject({ ok: false, message: expect.stringMatching(/does not exist/) });
  });

  it("tell a reviewer who holds an item they cannot take", async () => {
    as(TEST_MEMBERS.reviewer);
    expect(await claimReviewItemAction({ reviewId })).toMatchObject({ ok: true, lockedUntil: expect.any(String) });
    as(TEST_MEMBERS.otherReviewer);
    expect(await recordReviewVerdictAction({ reviewId, verdict: { verdict: "agree" } })).toMatchObject({ ok: false, message: expect.stringMatching(/^Ben is working on this item until/) });
  });
});
