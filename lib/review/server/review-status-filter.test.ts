import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { humanMarksForCalls } from "./human-marks";
import { reviewedDemo, type ReviewedDemo } from "./results-test-fixtures";
import { runCallPage } from "@/lib/runs/server/results/run-call-page";
import { neighbours, runCallCount, runCallIdsPage } from "@/lib/runs/server/results/run-call-query";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { readRunState } from "@/lib/runs/server/results/state-cache";

const stateOf = async (client: PrismaClient, runId: string) => (await readRunState(client, runId)) ?? expect.fail(`no run ${runId}`);

// The demo run with its default queue and one verdict of each kind; every test only reads.
let demo: ReviewedDemo;

beforeAll(async () => {
  demo = await reviewedDemo("filter");
}, 120_000);
afterAll(() => demo.cleanup());

const ids = async (input: Record<string, string>) => (await runCallIdsPage(demo.prisma, demo.runId, runViewSchema.parse(input), 0, 100_000)).ids.sort();

/** The run's calls (as a sorted set) with a review matching, straight from the table. */
async function callsWithReview(where: { status?: string; verdict?: string; criterionId?: string }): Promise<string[]> {
  const rows = await demo.prisma.review.findMany({
    where: { runId: demo.runId, status: where.status, verdict: where.verdict, evaluation: where.criterionId ? { criterionId: where.criterionId } : undefined },
    select: { toolCallId: true },
  });
  return [...new Set(rows.flatMap((row) => (row.toolCallId === null ? [] : [row.toolCallId])))].sort();
}

describe("the review status filter", () => {
  it("keeps the calls with a review in that status", async () => {
    const open = await ids({ review: "open" });
    expect(open).toEqual(await callsWithReview({ status: "open" }));
    expect(open).toContain(demo.open.toolCallId);
    expect(await ids({ review: "in-review" })).toEqual([demo.rescored.toolCallId, demo.discussed.toolCallId].sort());
    expect(await ids({ review: "done" })).toEqual([demo.disputed.toolCallId, demo.agreed.toolCallId].sort());
  });

  it("disputed means a reviewer disagreed, done or not", async () => {
    expect(await ids({ review: "disputed" })).toEqual([demo.disputed.toolCallId, demo.rescored.toolCallId].sort());
  });

  it("none keeps exactly the calls without any queued result", async () => {
    const all = await ids({});
    const queued = new Set(await callsWithReview({}));
    const none = await ids({ review: "none" });
    expect(none).toEqual(all.filter((id) => !queued.has(id)));
    expect(none.length).toBeGreaterThan(0);
    expect(await runCallCount(demo.prisma, demo.runId, runViewSchema.parse({ review: "none" }))).toBe(none.length);
  });

  it("is scoped by the view's criterion and mode, like the verdict filter", async () => {
    const { criterionId, mode, toolCallId } = demo.disputed;
    expect(await ids({ review: "disputed", criterion: criterionId })).toEqual(await callsWithReview({ verdict: "disagree", criterionId }));
    expect(await ids({ review: "disputed", criterion: criterionId, mode })).toContain(toolCallId);
    const otherMode = mode === "immediate" ? "hindsight" : "immediate";
    expect(await ids({ review: "disputed", criterion: criterionId, mode: otherMode })).not.toContain(toolCallId);
    // A call whose queued results are all of other criteria counts as not reviewed for this one.
    const scopedNone = await ids({ review: "none", criterion: criterionId });
    const queuedHere = new Set(await callsWithReview({ criterionId }));
    expect(scopedNone).toEqual((await ids({})).filter((id) => !queuedHere.has(id)));
    expect(scopedNone).not.toContain(toolCallId);
    expect(scopedNone.length).toBeGreaterThan((await ids({ review: "none" })).length);
  });

  it("combines with the other filters and walks with previous/next", async () => {
    const view = runViewSchema.parse({ review: "done" });
    const page = await runCallPage(demo.prisma, await stateOf(demo.prisma, demo.runId), view);
    expect(page.total).toBe(2);
    const position = await neighbours(demo.prisma, demo.runId, view, demo.agreed.toolCallId);
    expect(position.total).toBe(2);
    expect(position.index).not.toBeNull();
    const tool = (await demo.prisma.toolCall.findUniqueOrThrow({ where: { id: demo.disputed.toolCallId }, select: { toolName: true } })).toolName;
    expect(await ids({ review: "done", tool })).toContain(demo.disputed.toolCallId);
    expect(await ids({ review: "done", verdict: "error" })).toEqual([]);
  });

  it("falls back to no filter on an unknown value", () => {
    expect(runViewSchema.parse({ review: "maybe" }).review).toBeUndefined();
  });
});

describe("human marks", () => {
  it("gives the run page's rows each result's human verdict beside the judge's", async () => {
    const page = await runCallPage(demo.prisma, await stateOf(demo.prisma, demo.runId), runViewSchema.parse({ review: "disputed" }));
    const row = page.rows.find((candidate) => candidate.toolCallId === demo.disputed.toolCallId);
    expect(row?.humans).toEqual([
      expect.objectContaining({
        reviewId: demo.disputed.reviewId,
        queueId: demo.queueId,
        criterionId: demo.disputed.criterionId,
        mode: demo.disputed.mode,
        status: "done",
        verdict: "disagree",
        passed: !demo.disputed.judgePasses,
        score: null,
        overturned: true,
        reviewer: demo.reviewer,
        label: "wrong tool",
      }),
    ]);
    expect(row?.humans[0].verdictAt).toBe("2026-11-22T12:01:00.000Z");
  });

  it("reads a corrected score, agreement, discussion, and leaves unjudged items out of the table", async () => {
    const calls = [demo.rescored, demo.agreed, demo.discussed, demo.open].map((item) => item.toolCallId);
    const table = await humanMarksForCalls(demo.prisma, demo.runId, calls, { verdictOnly: true });
    expect(table.get(demo.rescored.toolCallId)?.[0]).toMatchObject({ verdict: "disagree", score: demo.rescored.humanScore, passed: true, status: "in-review" });
    expect(table.get(demo.agreed.toolCallId)?.[0]).toMatchObject({ verdict: "agree", passed: demo.agreed.judgePasses, overturned: false, status: "done" });
    expect(table.get(demo.discussed.toolCallId)?.[0]).toMatchObject({ verdict: "discuss", passed: null, status: "in-review" });
    expect(table.has(demo.open.toolCallId)).toBe(false);

    const all = await humanMarksForCalls(demo.prisma, demo.runId, [demo.open.toolCallId]);
    expect(all.get(demo.open.toolCallId)?.[0]).toMatchObject({ verdict: null, status: "open", reviewer: null, verdictAt: null });
    expect(await humanMarksForCalls(demo.prisma, demo.runId, [])).toEqual(new Map());
    expect(await humanMarksForCalls(demo.prisma, "no-such-run", calls)).toEqual(new Map());
  });
});
