import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { assignItem } from "./assign";
import { addComment, editComment } from "./comments";
import { getReviewItem } from "./get-item";
import { setReviewLabel } from "./label";
import { archiveLabel, createLabel, listLabels, renameLabel } from "./labels";
import { listAssignableMembers } from "./members";
import { setReviewStatus } from "./status";
import { copyReviewDatabase, createReviewTemplate, demoQueue, itemOfScale, TEST_MEMBERS } from "./test-fixtures";
import { recordVerdict } from "./verdict";

let template: Awaited<ReturnType<typeof createReviewTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let queue: Awaited<ReturnType<typeof demoQueue>>;
let testNumber = 0;
const { admin: ana, reviewer: ben, otherReviewer: cleo, viewer: vic, former: dee } = TEST_MEMBERS;
const t0 = new Date("2026-11-22T12:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

// Migrating, seeding and judging the demo takes seconds, more when test files run side by side.
beforeAll(async () => {
  template = await createReviewTemplate();
}, 120_000);
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyReviewDatabase(template.file, `changes-${++testNumber}`);
  prisma = db.prisma;
  queue = await demoQueue(prisma, t0);
});
afterEach(() => db.cleanup());

const history = async (reviewId: string) => (await getReviewItem(prisma, reviewId, ana.id, {}, at(100)))?.history.map((entry) => entry.sentence).reverse();
const row = (reviewId: string) => prisma.review.findUniqueOrThrow({ where: { id: reviewId } });

describe("recordVerdict", () => {
  it("records a disagreement on a binary criterion with the correct verdict, and its history", async () => {
    const item = itemOfScale(queue, "binary");
    const judgeSaid = item.evaluation.passed ? "pass" : "fail";
    const correction = !item.evaluation.passed;
    const recorded = await recordVerdict(prisma, ben, item.id, { verdict: "disagree", passed: correction }, at(1));
    expect(recorded).toMatchObject({ status: "in-review", changed: true });
    expect(await row(item.id)).toMatchObject({ verdict: "disagree", humanPassed: correction, humanScore: null, verdictById: ben.id, verdictAt: at(1), status: "in-review" });
    expect(await history(item.id)).toEqual([
      expect.stringMatching(/^Ana queued it/),
      "Ben claimed it",
      `Ben disagreed: judge said ${judgeSaid}, should be ${correction ? "pass" : "fail"}`,
      "Ben moved it from open to in review",
    ]);
  });

  it("records a score on a continuous criterion", async () => {
    const item = itemOfScale(queue, "continuous");
    await recordVerdict(prisma, ben, item.id, { verdict: "disagree", score: 0.9 }, at(1));
    expect(await row(item.id)).toMatchObject({ verdict: "disagree", humanPassed: null, humanScore: 0.9 });
    const detail = await getReviewItem(prisma, item.id, ben.id, {}, at(2));
    expect(detail?.corrected).toMatchObject({ verdict: "disagree", passed: true, score: 0.9, label: "human: 0.90 (pass)" });
  });

  it("refuses a verdict that does not fit the criterion's scale, or repeats the judge, changing nothing", async () => {
    const binary = itemOfScale(queue, "binary");
    const continuous = itemOfScale(queue, "continuous");
    await expect(recordVerdict(prisma, ben, binary.id, { verdict: "disagree", score: 0.2 }, at(1))).rejects.toMatchObject({ code: "invalid-state", message: expect.stringMatching(/gives pass or fail/) });
    await expect(recordVerdict(prisma, ben, continuous.id, { verdict: "disagree", passed: true }, at(1))).rejects.toMatchObject({ code: "invalid-state", message: expect.stringMatching(/score from 0 to 1/) });
    await expect(recordVerdict(prisma, ben, binary.id, { verdict: "disagree", passed: Boolean(binary.evaluation.passed) }, at(1))).rejects.toMatchObject({
      message: expect.stringMatching(/^The judge already said/),
    });
    for (const id of [binary.id, continuous.id]) {
      expect(await row(id)).toMatchObject({ verdict: null, status: "open", lockedById: null });
      expect(await prisma.reviewEvent.count({ where: { reviewId: id } })).toBe(1);
    }
  });

  it("changes nothing when the same person repeats the same verdict", async () => {
    const item = itemOfScale(queue, "binary");
    await recordVerdict(prisma, ben, item.id, { verdict: "agree" }, at(1));
    expect(await recordVerdict(prisma, ben, item.id, { verdict: "agree" }, at(2))).toMatchObject({ changed: false, status: "in-review" });
    expect(await prisma.reviewEvent.count({ where: { reviewId: item.id, kind: "verdict" } })).toBe(1);
  });
});

describe("setReviewStatus", () => {
  it("marks done only after agree or disagree, and reopens as in review", async () => {
    const item = itemOfScale(queue, "binary");
    await expect(setReviewStatus(prisma, ben, item.id, "done", at(1))).rejects.toMatchObject({ code: "invalid-state", message: expect.stringMatching(/Record a verdict/) });
    await recordVerdict(prisma, ben, item.id, { verdict: "discuss" }, at(1));
    await expect(setReviewStatus(prisma, ben, item.id, "done", at(2))).rejects.toMatchObject({ message: expect.stringMatching(/marked for discussion/) });
    await recordVerdict(prisma, ben, item.id, { verdict: "agree" }, at(3));
    expect(await setReviewStatus(prisma, ben, item.id, "done", at(4))).toMatchObject({ status: "done", changed: true });
    expect(await setReviewStatus(prisma, ben, item.id, "done", at(5))).toMatchObject({ status: "done", changed: false });
    await expect(setReviewStatus(prisma, ben, item.id, "open", at(6))).rejects.toMatchObject({ message: expect.stringMatching(/already has a verdict/) });
    expect(await setReviewStatus(prisma, cleo, item.id, "in-review", at(7))).toMatchObject({ status: "in-review" });
    expect(await row(item.id)).toMatchObject({ status: "in-review", lockedById: cleo.id, verdict: "agree" });
  });

  it("takes a done item back to in review when its verdict becomes discuss", async () => {
    const item = itemOfScale(queue, "binary");
    await recordVerdict(prisma, ben, item.id, { verdict: "agree" }, at(1));
    await setReviewStatus(prisma, ben, item.id, "done", at(2));
    expect(await recordVerdict(prisma, ben, item.id, { verdict: "discuss" }, at(3))).toMatchObject({ status: "in-review" });
  });
});

describe("assignItem", () => {
  it("assigns to a member who can review, unassigns, and records both", async () => {
    const item = queue.items[0];
    expect(await assignItem(prisma, ana, item.id, ben.id, at(1))).toMatchObject({ assignee: { id: ben.id, name: "Ben" }, changed: true });
    expect(await assignItem(prisma, ana, item.id, ben.id, at(2))).toMatchObject({ changed: false });
    await assignItem(prisma, ben, item.id, cleo.id, at(3));
    await assignItem(prisma, ana, item.id, null, at(4));
    expect((await history(item.id))?.slice(1)).toEqual(["Ana assigned it to Ben", "Ben reassigned it from Ben to Cleo", "Ana unassigned Cleo"]);
  });

  it("refuses a viewer, a former member and an unknown id", async () => {
    const item = queue.items[0];
    await expect(assignItem(prisma, ana, item.id, vic.id)).rejects.toMatchObject({ code: "not-allowed", message: "Vic is a viewer and cannot review. An admin can change their role first." });
    await expect(assignItem(prisma, ana, item.id, dee.id)).rejects.toMatchObject({ code: "not-allowed", message: expect.stringMatching(/no longer a member/) });
    await expect(assignItem(prisma, ana, item.id, "nobody")).rejects.toMatchObject({ code: "not-found" });
    expect((await row(item.id)).assigneeId).toBeNull();
    expect((await listAssignableMembers(prisma)).map((member) => member.id)).toEqual([ana.id, ben.id, cleo.id]);
  });
});

describe("comments", () => {
  it("threads replies one level deep and shows who may edit", async () => {
    const item = queue.items[0];
    const first = await addComment(prisma, ben, item.id, { body: "  Judge missed the date.  " }, at(1));
    const reply = await addComment(prisma, cleo, item.id, { body: "Agreed.", parentId: first.commentId }, at(2));
    const replyToReply = await addComment(prisma, ben, item.id, { body: "Thanks", parentId: reply.commentId }, at(3));
    expect(replyToReply.parentId).toBe(first.commentId);
    const detail = await getReviewItem(prisma, item.id, cleo.id, {}, at(4));
    expect(detail?.comments).toHaveLength(1);
    expect(detail?.comments[0]).toMatchObject({ body: "Judge missed the date.", author: { name: "Ben" }, editable: false, editedAt: null });
    expect(detail?.comments[0].replies.map((r) => [r.body, r.editable])).toEqual([
      ["Agreed.", true],
      ["Thanks", false],
    ]);
    expect(detail?.history.slice(0, 3).map((entry) => entry.sentence)).toEqual(["Ben replied to a comment", "Cleo replied to a comment", "Ben commented"]);
  });

  it("refuses a reply to another item's comment, and an empty or oversized body", async () => {
    const [a, b] = queue.items;
    const onA = await addComment(prisma, ben, a.id, { body: "On A" }, at(1));
    await expect(addComment(prisma, ben, b.id, { body: "Wrong thread", parentId: onA.commentId })).rejects.toMatchObject({ code: "not-allowed" });
    await expect(addComment(prisma, ben, b.id, { body: "   " })).rejects.toMatchObject({ code: "invalid-state", message: "Write a comment first." });
    await expect(addComment(prisma, ben, b.id, { body: "x".repeat(5001) })).rejects.toMatchObject({ message: "A comment is at most 5,000 characters." });
    await expect(addComment(prisma, ben, "missing", { body: "hello" })).rejects.toMatchObject({ code: "not-found" });
    expect(await prisma.comment.count({ where: { reviewId: b.id } })).toBe(0);
  });

  it("lets only the author edit, marks the edit and keeps the previous text in the history", async () => {
    const item = queue.items[0];
    const comment = await addComment(prisma, ben, item.id, { body: "Frist" }, at(1));
    await expect(editComment(prisma, ana, comment.commentId, "Hijacked")).rejects.toMatchObject({ code: "not-allowed", message: "Only its author can edit a comment." });
    expect(await editComment(prisma, ben, comment.commentId, "First", at(2))).toMatchObject({ changed: true });
    expect(await editComment(prisma, ben, comment.commentId, "First", at(3))).toMatchObject({ changed: false });
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: comment.commentId } })).toMatchObject({ body: "First", editedAt: at(2) });
    const edit = await prisma.reviewEvent.findFirstOrThrow({ where: { reviewId: item.id, kind: "comment-edited" } });
    expect(edit).toMatchObject({ actorId: ben.id, data: { commentId: comment.commentId, previousBody: "Frist" } });
    await expect(editComment(prisma, ben, "missing", "x")).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("labels", () => {
  it("come with the default set", async () => {
    expect((await listLabels(prisma)).map((label) => label.name)).toEqual(["wrong tool", "bad argument", "fabricated value", "ignored error", "unnecessary call", "judge mistake"]);
  });

  it("are set on items with a history entry, and archived ones cannot be picked", async () => {
    const item = queue.items[0];
    const [wrongTool, badArgument] = await listLabels(prisma);
    await setReviewLabel(prisma, ben, item.id, wrongTool.id, at(1));
    await renameLabel(prisma, wrongTool.id, { name: "wrong tool chosen" });
    await setReviewLabel(prisma, ben, item.id, badArgument.id, at(2));
    await archiveLabel(prisma, wrongTool.id, true, at(3));
    await expect(setReviewLabel(prisma, ben, item.id, wrongTool.id, at(4))).rejects.toMatchObject({ code: "invalid-state", message: "The label “wrong tool chosen” is archived; pick another one." });
    await expect(setReviewLabel(prisma, ben, item.id, "missing", at(4))).rejects.toMatchObject({ code: "not-found" });
    await setReviewLabel(prisma, ben, item.id, null, at(5));
    expect((await history(item.id))?.slice(2)).toEqual([
      "Ben labelled it “wrong tool”",
      "Ben changed the label from “wrong tool chosen” to “bad argument”",
      "Ben removed the label “bad argument”",
    ]);
  });

  it("are created at the end, renamed and archived by name rules", async () => {
    const created = await createLabel(prisma, { name: "  stale data ", description: "Used an outdated value." });
    expect(created).toMatchObject({ name: "stale data", description: "Used an outdated value.", position: 6, usage: 0 });
    await expect(createLabel(prisma, { name: "Wrong Tool" })).rejects.toMatchObject({ code: "conflict", message: "A label named “wrong tool” already exists." });
    await expect(createLabel(prisma, { name: "x".repeat(41) })).rejects.toMatchObject({ message: "A label name is at most 40 characters." });
    await expect(renameLabel(prisma, created.id, { name: "judge mistake" })).rejects.toMatchObject({ code: "conflict" });
    await renameLabel(prisma, created.id, { name: "Stale data", description: "" });
    await archiveLabel(prisma, created.id, true, at(1));
    expect((await listLabels(prisma)).some((label) => label.id === created.id)).toBe(false);
    expect((await listLabels(prisma, { includeArchived: true })).find((label) => label.id === created.id)).toMatchObject({ name: "Stale data", description: null, archivedAt: at(1) });
    await expect(createLabel(prisma, { name: "stale DATA" })).rejects.toMatchObject({ message: "A label named “Stale data” already exists (archived: restore it instead)." });
    await archiveLabel(prisma, created.id, false);
    expect((await listLabels(prisma)).map((label) => label.name)).toContain("Stale data");
    await expect(archiveLabel(prisma, "missing")).rejects.toMatchObject({ code: "not-found" });
  });
});
