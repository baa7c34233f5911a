import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { verdictOf } from "@/lib/runs/results/verdict";
import { runViewSchema, type RunView } from "@/lib/runs/schemas/run-view";
import { exportSummary } from "./export-summary";
import { neighbours, runCallCount, runCallIds, runCallIdsPage } from "./run-call-query";
import { scoreSortedIds } from "./run-call-score-page";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";

// The demo data judged in a both-mode run and an immediate run; every test only reads.
let demo: JudgedDemo;
let prisma: PrismaClient;
let runId: string;

interface Row {
  toolCallId: string;
  criterionId: string;
  mode: string;
  status: string;
  score: number | null;
  passed: boolean | null;
}
let rows: Row[];
let binary: string;
let continuous: string;
let scales: Map<string, string>;

beforeAll(async () => {
  demo = await judgedDemo("query");
  ({ prisma, bothRunId: runId } = demo);
  rows = await prisma.evaluation.findMany({ where: { runId }, select: { toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true } });
  const criteria = await prisma.criterion.findMany({ where: { id: { in: demo.criterionIds } }, select: { id: true, scale: true } });
  scales = new Map(criteria.map((c) => [c.id, c.scale]));
  binary = criteria.find((c) => c.scale === "binary")?.id ?? "";
  continuous = criteria.find((c) => c.scale === "continuous")?.id ?? "";
}, 120_000);
afterAll(() => demo.cleanup());

const view = (input: Record<string, string> = {}): RunView => runViewSchema.parse(input);
const everything = async (v: RunView) => (await runCallIdsPage(prisma, runId, v, 0, 100_000)).ids;

/** The calls (as a set) with a result row that matches, as the filter is meant. */
function callsWith(match: (row: Row) => boolean): string[] {
  return [...new Set(rows.filter(match).map((row) => row.toolCallId))].sort();
}

describe("the view's filters", () => {
  it("keep the calls with one result matching verdict, criterion, mode and score together", async () => {
    // The verdict rules of the summary and charts (verdictOf), by the criterion's scale.
    const fail = (row: Row) => verdictOf(row, scales.get(row.criterionId) === "binary" ? "binary" : "continuous") === "fail";
    expect((await everything(view({ verdict: "fail", criterion: binary }))).sort()).toEqual(callsWith((row) => row.criterionId === binary && fail(row)));
    expect((await everything(view({ verdict: "fail", mode: "immediate" }))).sort()).toEqual(callsWith((row) => row.mode === "immediate" && fail(row)));
    expect((await everything(view({ verdict: "na" }))).sort()).toEqual(callsWith((row) => row.status === "not-applicable"));
    const ranged = (row: Row) => row.criterionId === continuous && row.status === "done" && row.score !== null && row.score >= 0.2 && row.score <= 0.8;
    expect((await everything(view({ criterion: continuous, min: "0.2", max: "0.8" }))).sort()).toEqual(callsWith(ranged));
  });

  it("give the same pages walked call by call as taken from the set of matching results", async () => {
    const views: Record<string, string>[] = [
      { verdict: "fail", criterion: binary },
      { verdict: "fail" },
      { verdict: "pass", mode: "hindsight" },
      { verdict: "na" },
      { verdict: "error" },
      { criterion: continuous, min: "0.2", max: "0.8" },
      { verdict: "fail", criterion: continuous, changed: "1" },
    ];
    const failing = rows.find((row) => row.criterionId === binary && row.passed === false);
    const { toolName } = await prisma.toolCall.findUniqueOrThrow({ where: { id: failing?.toolCallId ?? "" }, select: { toolName: true } });
    views.push({ verdict: "fail", criterion: binary, tool: toolName });
    const totals: number[] = [];
    for (const input of views) {
      const v = view(input);
      const total = await runCallCount(prisma, runId, v);
      totals.push(total);
      for (const skip of [0, 3, Math.max(0, total - 2)]) {
        const fromSet = await runCallIds(prisma, runId, v, skip, 5);
        expect(fromSet).toHaveLength(Math.max(0, Math.min(5, total - skip)));
        expect(await runCallIds(prisma, runId, v, skip, 5, { walk: true }), `${JSON.stringify(input)} from ${skip}`).toEqual(fromSet);
      }
    }
    // Only the error filter may keep nothing in the demo's results.
    expect(totals.filter((total) => total > 0).length, `totals ${JSON.stringify(totals)}`).toBeGreaterThanOrEqual(views.length - 1);
  });

  it("keep flipped calls, and count what they keep", async () => {
    const flipped = await prisma.callComparison.findMany({ where: { runId, flipped: true }, select: { toolCallId: true } });
    const ids = await everything(view({ changed: "1" }));
    expect(ids.sort()).toEqual([...new Set(flipped.map((row) => row.toolCallId))].sort());
    expect(await runCallCount(prisma, runId, view({ changed: "1" }))).toBe(ids.length);
  });

  it("search text literally: % and _ are not wildcards", async () => {
    expect(await everything(view({ q: "%" }))).toEqual([]);
    expect(await everything(view({ q: "_%_" }))).toEqual([]);
    const [call] = await prisma.toolCall.findMany({ take: 1, select: { callId: true, id: true } });
    expect(await everything(view({ q: call.callId }))).toContain(call.id);
  });
});

describe("the view's order", () => {
  it("sorts by score with the view's mode, else hindsight where there is one; unscored calls last", async () => {
    for (const dir of ["asc", "desc"] as const) {
      const ids = await everything(view({ sort: "score", criterion: continuous, dir }));
      const score = (id: string) => {
        const own = rows.filter((row) => row.toolCallId === id && row.criterionId === continuous);
        return (own.find((row) => row.mode === "hindsight") ?? own.find((row) => row.mode === "immediate"))?.score ?? null;
      };
      const scores = ids.map(score);
      const scored = scores.filter((s): s is number => s !== null);
      expect(scored).toEqual([...scored].sort((a, b) => (dir === "asc" ? a - b : b - a)));
      expect(scores.slice(scored.length).every((s) => s === null)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("pages by score from the score index as the whole list has them, tied scores by id in the sort's direction", async () => {
    for (const v of [
      view({ sort: "score", criterion: continuous }),
      view({ sort: "score", criterion: continuous, dir: "desc" }),
      view({ sort: "score", criterion: continuous, dir: "desc", mode: "immediate" }),
      view({ sort: "score", criterion: binary, mode: "hindsight" }),
    ]) {
      // The whole list goes through the general query (too deep for the index walk); pages of 3 through the walk.
      const all = await everything(v);
      const paged: string[] = [];
      for (let skip = 0; skip < all.length; skip += 3) paged.push(...(await runCallIds(prisma, runId, v, skip, 3)));
      expect(paged).toEqual(all);
      expect(await scoreSortedIds(prisma, runId, v, 0, 3)).toEqual(all.slice(0, 3));
    }
  });

  it("pages through the same order, page after page", async () => {
    const v = view({ sort: "tool", dir: "desc" });
    const all = await everything(v);
    const paged: string[] = [];
    for (let skip = 0; skip < all.length; skip += 7) paged.push(...(await runCallIdsPage(prisma, runId, v, skip, 7)).ids);
    expect(paged).toEqual(all);
    const past = await runCallIdsPage(prisma, runId, v, all.length + 10, 7);
    expect(past).toEqual({ ids: [], total: all.length });
  });
});

describe("neighbours", () => {
  const views = () => [
    view(),
    view({ dir: "desc" }),
    view({ sort: "tool" }),
    view({ sort: "tool", dir: "desc" }),
    view({ sort: "score", criterion: continuous }),
    view({ sort: "score", criterion: continuous, dir: "desc", mode: "immediate" }),
    view({ changed: "1" }),
    view({ verdict: "pass", criterion: binary, sort: "tool" }),
  ];

  it("give every call's place, previous and next as the list has them, by keys alone", async () => {
    for (const v of views()) {
      const ids = await everything(v);
      expect(ids.length).toBeGreaterThan(0);
      for (const [index, id] of ids.entries()) {
        expect(await neighbours(prisma, runId, v, id)).toEqual({ index, total: ids.length, previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null });
      }
    }
  });

  it("say when the view leaves the call out", async () => {
    const v = view({ changed: "1" });
    const listed = new Set(await everything(v));
    const outside = (await everything(view())).find((id) => !listed.has(id));
    expect(outside).toBeDefined();
    expect(await neighbours(prisma, runId, v, outside ?? "")).toEqual({ index: null, total: listed.size, previous: null, next: null });
  });
});

describe("exportSummary under a result filter", () => {
  it("counts the view's calls and only their results", async () => {
    const v = view({ verdict: "fail", criterion: binary });
    const ids = new Set(await everything(v));
    const summary = await exportSummary(prisma, runId, v);
    expect(summary?.calls).toBe(ids.size);
    const own = rows.filter((row) => ids.has(row.toolCallId) && row.criterionId === binary);
    const criterion = summary?.criteria.find((c) => c.id === binary);
    expect(criterion?.modes.reduce((sum, m) => sum + m.results, 0)).toBe(own.length);
    expect(criterion?.modes.reduce((sum, m) => sum + m.failed, 0)).toBe(own.filter((row) => row.status === "done" && row.passed === false).length);
  });
});
