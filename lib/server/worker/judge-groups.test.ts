import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createChecksJudge } from "@/lib/judges/checks";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judges/types";
import { createRun } from "@/lib/server/runs/create-run";
import { newRunSchema } from "@/lib/zod/runs";
import { runUntilIdle } from "./run-until-idle";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "./test-fixtures/database";

/*
 * A judge that judges groups of calls (Judge.evaluateMany, the built-in checks) is asked once per
 * batch instead of once per call: each call still gets its own outcome, failure or invalid answer.
 */

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let criterionIds: string[];
let testNumber = 0;

beforeAll(async () => {
  template = await createDemoTemplate("callboard-groups-");
});
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyDatabase(template.file, `groups-${++testNumber}`);
  prisma = db.prisma;
  criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true } })).map((row) => row.id);
});
afterEach(() => db.cleanup());

const create = () => createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: criterionIds.slice(0, 2), mode: "immediate" }));

/** Checks' answers through evaluateMany, with `answer` deciding per call; evaluate itself must not be called. */
function groupJudge(answer: (input: JudgeInput, result: JudgeResult) => PromiseSettledResult<JudgeResult> | "hang" = (_, result) => ({ status: "fulfilled", value: result })) {
  const inner = createChecksJudge();
  const groups: number[] = [];
  let single = 0;
  const judge: Judge = {
    id: "fake-groups",
    async evaluate(input, signal) {
      single++;
      return inner.evaluate(input, signal);
    },
    async evaluateMany(inputs, signal) {
      groups.push(inputs.length);
      const answers = await Promise.all(
        inputs.map(async (input) => {
          const verdict = answer(input, await inner.evaluate(input, signal));
          return verdict === "hang" ? null : verdict;
        }),
      );
      if (answers.includes(null)) await new Promise(() => {});
      return answers.filter((entry): entry is PromiseSettledResult<JudgeResult> => entry !== null);
    },
  };
  return { judge, groups, single: () => single };
}

const rowsOf = (runId: string) => prisma.evaluation.findMany({ where: { runId }, include: { toolCall: { select: { toolName: true } } } });

describe("a judge of groups", () => {
  it("is asked once per batch, and each call is recorded as if judged alone", async () => {
    const created = await create();
    const fake = groupJudge();
    const judgeCalls: string[] = [];
    const report = await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 50, onJudgeCall: (id) => judgeCalls.push(id), onError: () => {} });
    expect(report).toMatchObject({ written: created.pending, discarded: 0, released: 0 });
    expect(fake.single()).toBe(0);
    expect(fake.groups.length).toBe(Math.ceil(created.pending / 50));
    expect(fake.groups.reduce((sum, size) => sum + size, 0)).toBe(created.pending);
    expect(new Set(judgeCalls).size).toBe(created.pending);
    const rows = await rowsOf(created.runId);
    const done = rows.filter((row) => row.status === "done");
    expect(done.length).toBeGreaterThan(0);
    for (const row of done) expect(row).toMatchObject({ judgeId: "fake-groups", attempts: 1, cached: false, error: null });
    expect(done.every((row) => row.latencyMs !== null && row.latencyMs >= 0)).toBe(true);
  });

  it("records a call the judge failed or answered wrongly as an error of that call alone", async () => {
    const created = await create();
    const tools = [...new Set((await prisma.toolCall.findMany({ select: { toolName: true } })).map((call) => call.toolName))].sort();
    const [failing, invalid] = tools;
    const fake = groupJudge((input, result) => {
      if (input.content.call.toolName === failing) return { status: "rejected", reason: new Error(`refused ${failing}`) };
      if (input.content.call.toolName === invalid) return { status: "fulfilled", value: { ...result, score: 7 } };
      return { status: "fulfilled", value: result };
    });
    await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 50, onError: () => {} });
    const rows = await rowsOf(created.runId);
    const byTool = (tool: string) => rows.filter((row) => row.toolCall.toolName === tool && row.attempts > 0);
    expect(byTool(failing).length).toBeGreaterThan(0);
    for (const row of byTool(failing)) expect(row).toMatchObject({ status: "error", error: `refused ${failing}`, attempts: 1 });
    for (const row of byTool(invalid)) expect(row).toMatchObject({ status: "error", errorKind: "bad_output" });
    expect(rows.filter((row) => row.status === "done").length).toBe(rows.filter((row) => row.attempts > 0 && ![failing, invalid].includes(row.toolCall.toolName)).length);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run.errorCount).toBe(byTool(failing).length + byTool(invalid).length);
  });

  it("fails every call of a group that does not answer within the timeout, and the run still ends", async () => {
    const created = await create();
    const fake = groupJudge(() => "hang");
    await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 500, timeoutMs: 50, onError: () => {} });
    const rows = await rowsOf(created.runId);
    const judged = rows.filter((row) => row.attempts > 0);
    expect(judged.length).toBe(created.pending);
    for (const row of judged) expect(row).toMatchObject({ status: "error", errorKind: "timeout" });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).status).toBe("done");
  });

  it("gives the claims back, unjudged, when the worker stops mid-group", async () => {
    const created = await create();
    const controller = new AbortController();
    const fake = groupJudge(() => {
      controller.abort(new Error("worker stopped"));
      return "hang";
    });
    const report = await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 500, signal: controller.signal, onError: () => {} });
    expect(report.written).toBe(0);
    expect(report.released).toBe(report.claimed);
    const open = await prisma.evaluation.count({ where: { runId: created.runId, status: "pending" } });
    expect(open).toBe(created.pending);
  });
});
