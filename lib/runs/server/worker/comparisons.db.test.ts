import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { compareModes } from "@/lib/runs/results/compare-modes";
import { modeResultFromRow } from "@/lib/runs/results/mode-result";
import { storedComparison } from "@/lib/runs/results/stored-comparison";
import { verdictOf } from "@/lib/runs/results/verdict";
import { seedDemo } from "@/lib/demo/server/seed";
import { createRun } from "@/lib/runs/server/create-run";
import { retryFailed } from "@/lib/runs/server/retry-failed";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { newRunSchema, type NewRunInput } from "@/lib/runs/schemas/runs";
import { runUntilIdle } from "./run-until-idle";
import { flakyJudge } from "./test-fixtures/judges";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
let criteria: { id: string; scale: string }[];

beforeEach(async () => {
  db = await createTestDatabase("comparisons");
  prisma = db.prisma;
  await seedDemo(prisma);
  criteria = await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true, scale: true } });
});
afterEach(() => db.cleanup());

const create = (input: Partial<NewRunInput> = {}) => createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: criteria.map((c) => c.id), mode: "both", ...input }));
const quiet = { onError: () => {} };
const pairKey = (row: { toolCallId: string; criterionId: string }) => `${row.toolCallId}/${row.criterionId}`;

/** The comparison each pair should have, recomputed from its two stored results. */
async function expectedComparisons(runId: string) {
  const scales = new Map(criteria.map((c) => [c.id, c.scale as CriterionScale]));
  const rows = await prisma.evaluation.findMany({ where: { runId } });
  const pairs = new Map<string, { immediate?: (typeof rows)[number]; hindsight?: (typeof rows)[number] }>();
  for (const row of rows) {
    const pair = pairs.get(pairKey(row)) ?? {};
    pair[row.mode === "immediate" ? "immediate" : "hindsight"] = row;
    pairs.set(pairKey(row), pair);
  }
  return new Map(
    [...pairs].map(([key, pair]) => {
      const scale = scales.get(key.split("/")[1]) ?? "continuous";
      const immediate = pair.immediate ? modeResultFromRow(pair.immediate) : null;
      const hindsight = pair.hindsight ? modeResultFromRow(pair.hindsight) : null;
      const comparison = compareModes(immediate, hindsight, scale);
      return [key, { comparison, stored: storedComparison(comparison), immediate: verdictOf(immediate, scale), hindsight: verdictOf(hindsight, scale) }];
    }),
  );
}

describe("comparisons written with the results", () => {
  it("ends a both-mode run on the demo data with a comparison per call × criterion, flipped where the modes disagree", async () => {
    const created = await create();
    await runUntilIdle({ prisma, ...quiet });
    const calls = await prisma.toolCall.count();
    const stored = await prisma.callComparison.findMany({ where: { runId: created.runId } });
    expect(stored).toHaveLength(calls * criteria.length);

    const expected = await expectedComparisons(created.runId);
    for (const row of stored) {
      const want = expected.get(pairKey(row));
      expect(want).toBeDefined();
      if (!want) continue;
      expect(row).toMatchObject({ kind: want.comparison.kind, flipped: want.stored.flipped, delta: want.stored.delta });
      expect(row.immediateVerdict).toBe(want.immediate ?? "error");
      expect(row.hindsightVerdict).toBe(want.hindsight ?? "error");
      const disagree = (want.immediate === "pass" && want.hindsight === "fail") || (want.immediate === "fail" && want.hindsight === "pass");
      expect(row.flipped === true, pairKey(row)).toBe(disagree);
    }
    // The demo data holds calls whose response changes the verdict, and calls without a response.
    expect(stored.filter((row) => row.flipped).length).toBeGreaterThan(0);
    const unanswered = stored.filter((row) => row.hindsightVerdict === "n/a");
    expect(unanswered.length).toBeGreaterThan(0);
    expect(unanswered.every((row) => row.flipped === null && (row.kind === "applicability" || row.kind === "not-judged"))).toBe(true);
  });

  it("writes none for a run judged in one mode", async () => {
    const created = await create({ mode: "immediate" });
    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.callComparison.count({ where: { runId: created.runId } })).toBe(0);
  });

  it("records a failed side as an error and updates the comparison when the retry succeeds", async () => {
    const judge = flakyJudge((input) => input.view === "hindsight" && input.content.call.toolName === "lookup_order");
    const created = await create({ criterionIds: criteria.slice(0, 2).map((c) => c.id) });
    await runUntilIdle({ prisma, judgeFactory: () => judge, ...quiet });

    const failedPairs = await prisma.callComparison.findMany({ where: { runId: created.runId, hindsightVerdict: "error" } });
    expect(failedPairs.length).toBeGreaterThan(0);
    expect(failedPairs.every((row) => row.kind === "incomplete" && row.flipped === null && row.delta === null)).toBe(true);

    judge.failing.on = false;
    await retryFailed(prisma, created.runId);
    await runUntilIdle({ prisma, judgeFactory: () => judge, ...quiet });
    const expected = await expectedComparisons(created.runId);
    const after = await prisma.callComparison.findMany({ where: { id: { in: failedPairs.map((row) => row.id) } } });
    expect(after).toHaveLength(failedPairs.length);
    for (const row of after) {
      expect(row.hindsightVerdict).not.toBe("error");
      expect(row).toMatchObject({ kind: expected.get(pairKey(row))?.comparison.kind, flipped: expected.get(pairKey(row))?.stored.flipped });
    }
  });
});
