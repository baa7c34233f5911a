import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runViewSchema, type RunView } from "@/lib/runs/schemas/run-view";
import { neighbours, runCallCount, runCallIds } from "./run-call-query";
import { readRunState, type RunState } from "./state-cache";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";
import { callPlace, loadViewSequence } from "./view-sequence";

// The demo data judged in a both-mode run; every test only reads.
let demo: JudgedDemo;
let prisma: PrismaClient;
let run: RunState;
let binary: string;
let continuous: string;

beforeAll(async () => {
  demo = await judgedDemo("sequence");
  prisma = demo.prisma;
  const state = await readRunState(prisma, demo.bothRunId);
  if (!state) throw new Error("the fixture's run is missing");
  run = state;
  const criteria = await prisma.criterion.findMany({ where: { id: { in: demo.criterionIds } }, select: { id: true, scale: true } });
  binary = criteria.find((c) => c.scale === "binary")?.id ?? "";
  continuous = criteria.find((c) => c.scale === "continuous")?.id ?? "";
}, 120_000);
afterAll(() => demo.cleanup());

const view = (input: Record<string, string> = {}): RunView => runViewSchema.parse(input);
const everything = (v: RunView) => runCallIds(prisma, run.id, v, 0, 100_000);
const count = (v: RunView) => () => runCallCount(prisma, run.id, v);
/** A client that fails every query: a place found with it came from the remembered list. */
const failing = () => Promise.reject(new Error("queried the database"));
const noQueries = new Proxy({} as PrismaClient, {
  // prisma.$queryRaw(…) and prisma.runSnapshot.findMany(…) alike.
  get: () => new Proxy(failing, { get: () => failing }),
});

const views = () => [
  view(),
  view({ dir: "desc" }),
  view({ sort: "tool", dir: "desc" }),
  view({ sort: "score", criterion: continuous, dir: "desc" }),
  view({ sort: "score", criterion: continuous, mode: "immediate" }),
  view({ changed: "1" }),
  view({ changed: "1", sort: "score", criterion: continuous }),
  view({ verdict: "fail", criterion: binary }),
  view({ verdict: "fail", criterion: binary, dir: "desc" }),
  view({ verdict: "pass", mode: "hindsight", sort: "tool" }),
];

describe("a call's place in the view", () => {
  it("is the list's place, previous and next, queried first and then from the remembered list", async () => {
    const sizes: number[] = [];
    for (const v of views()) {
      const ids = await everything(v);
      sizes.push(ids.length);
      expect(ids.length).toBeGreaterThan(0);
      const expected = (index: number) => ({ index, total: ids.length, previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null });
      // Before the list is remembered: the keyset queries, first and last calls included.
      expect(await callPlace(prisma, run, v, ids[0], count(v))).toEqual(expected(0));
      expect(await callPlace(prisma, run, v, ids[ids.length - 1], count(v))).toEqual(expected(ids.length - 1));
      await loadViewSequence(prisma, run, v);
      for (const [index, id] of ids.entries()) expect(await callPlace(noQueries, run, v, id, count(v))).toEqual(expected(index));
      expect((await callPlace(noQueries, run, v, ids[0], count(v))).previous).toBeNull();
      expect((await callPlace(noQueries, run, v, ids[ids.length - 1], count(v))).next).toBeNull();
    }
    // Lists of one call (first and last at once) and of many.
    expect(sizes.filter((size) => size > 2).length).toBeGreaterThan(5);
  });

  it("is the list's place, previous and next by the keyset queries alone, for every call of every view", async () => {
    for (const v of views()) {
      const ids = await everything(v);
      for (const [index, id] of ids.entries()) {
        expect(await neighbours(prisma, run.id, v, id)).toEqual({ index, total: ids.length, previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null });
      }
    }
  });

  it("is none for a call the view leaves out, with the view's count, either way", async () => {
    for (const v of [view({ changed: "1" }), view({ verdict: "fail", criterion: binary, sort: "tool" })]) {
      const listed = await everything(v);
      const outside = (await everything(view())).find((id) => !listed.includes(id)) ?? "";
      expect(outside).not.toBe("");
      const none = { index: null, total: listed.length, previous: null, next: null };
      // A filter's list is its own: a sort of the same filter is remembered apart, and read here by query.
      const sorted = { ...v, dir: v.dir === "asc" ? ("desc" as const) : ("asc" as const) };
      expect(await callPlace(prisma, run, sorted, outside, count(sorted))).toEqual(none);
      await loadViewSequence(prisma, run, v);
      expect(await callPlace(noQueries, run, v, outside, count(v))).toEqual(none);
      expect(await callPlace(noQueries, run, v, "no-such-call", count(v))).toEqual(none);
    }
  });

  it("is queried each time under a review filter or while the run is judged, whose lists move without notice", async () => {
    const reviewed = view({ review: "none" });
    expect(loadViewSequence(prisma, run, reviewed)).toBeNull();
    const [first] = await everything(reviewed);
    expect((await callPlace(prisma, run, reviewed, first, count(reviewed))).index).toBe(0);
    await expect(callPlace(noQueries, run, reviewed, first, count(reviewed))).rejects.toThrow("queried the database");
    const running: RunState = { ...run, status: "running" };
    expect(loadViewSequence(prisma, running, view())).toBeNull();
    await expect(callPlace(noQueries, running, view(), first, count(view()))).rejects.toThrow("queried the database");
  });

  it("follows the run's state: a list remembered for one state is not used for the next", async () => {
    const v = view({ sort: "tool" });
    const [first] = await everything(v);
    await loadViewSequence(prisma, run, v);
    expect((await callPlace(noQueries, run, v, first, count(v))).index).toBe(0);
    const moved: RunState = { ...run, errorCount: run.errorCount + 1 };
    await expect(callPlace(noQueries, moved, v, first, count(v))).rejects.toThrow("queried the database");
  });
});
