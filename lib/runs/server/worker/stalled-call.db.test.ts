import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { threadedChecksJudge, type ThreadedChecksJudge } from "@/lib/judging/engine/checks-threads";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { createCriterion } from "@/lib/criteria/server/create-criterion";
import { createRun } from "../create-run";
import { createTestDatabase, type TestDatabase } from "@/lib/platform/db/test-database";
import { importFile } from "@/lib/transcripts/server/import-file";
import { runUntilIdle } from "./run-until-idle";

/**
 * One transcript must not stall a run: a call the built-in judge cannot finish within its budget
 * fails alone, its thread is replaced, and every other evaluation of the run is judged. The
 * stall comes from a thread module that blocks on a marker (as a runaway regex on a long tool
 * result would; lib/judging/engine/test-fixtures/misbehaving-thread.ts). The marker is in the
 * tool's result, so only the views that read it stall (hindsight and the whole transcript) while
 * the same call's immediate view is judged: each stall costs its budget and a new thread that
 * loads the judge again. The 1 MB argument is judged by the real judge (npm run bench:long-input
 * times 10 MB ones).
 */

const MISBEHAVING = pathToFileURL(path.resolve(import.meta.dirname, "../../../judging/engine/test-fixtures/misbehaving-thread.ts")).href;

const chat = (city: string, argument = city, result = '{"temp": 20}') => ({
  messages: [
    { role: "user", content: `Weather in ${city}?` },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city: argument }) } }] },
    { role: "tool", tool_call_id: "c1", content: result },
    { role: "assistant", content: `It is 20 degrees in ${city}.` },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }],
});

const parsed = (text: string): Criterion => {
  const result = parseCriterion(text);
  if (!result.ok) throw new Error(result.message);
  return result.criterion;
};

let db: TestDatabase;
let prisma: PrismaClient;
let judge: ThreadedChecksJudge;
const errors: unknown[] = [];

beforeEach(async () => {
  db = await createTestDatabase("stalled-call");
  prisma = db.prisma;
  errors.length = 0;
  // Each stalled evaluation costs its budget and a new thread: the budget is short, yet far above
  // what the other calls take (a 1 MB argument is well under 100 ms).
  judge = threadedChecksJudge({ threads: 1, budgetMs: 1_000, module: MISBEHAVING, onError: (error) => errors.push(error) });
});
afterEach(async () => {
  await judge.close();
  await db.cleanup();
});

describe("a run with one call the judge cannot finish", () => {
  it("fails that call alone, judges every other evaluation, and judges a 1 MB argument", async () => {
    const cities = Array.from({ length: 40 }, (_, index) => `City ${index}`);
    const items = [...cities.map((city) => chat(city)), chat("Oslo", "Oslo", '{"temp": "STALL-THE-JUDGE"}'), chat("Bergen", `Bergen ${"A".repeat(1024 * 1024)}`)];
    const report = await importFile(prisma, { fileName: "runs.jsonl", source: "api", maxFileBytes: 64 * 1024 * 1024, chunks: items.map((item) => `${JSON.stringify(item)}\n`) });
    expect(report.imported).toHaveLength(items.length);
    const criteria = await Promise.all(
      ["Reward tool calls that select appropriate tools and provide accurate parameters", "Tool call fails if the tool returned an error"].map((text) => createCriterion(prisma, parsed(text))),
    );
    const agent = parseAgentCriterion("Reward agents that stay faithful to tool results and leave no error unrecovered");
    if (!agent.ok) throw new Error(agent.message);
    const agentCriterion = await createCriterion(prisma, { ...agent.criterion }, undefined, "agent");
    const created = await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: [...criteria, agentCriterion].map((row) => row.id), mode: "both" }));

    await runUntilIdle({ prisma, judgeFactory: () => judge, concurrencyFor: () => 1024, onError: () => {} });

    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run.status).toBe("done");
    const rows = await prisma.evaluation.findMany({ where: { runId: created.runId }, include: { toolCall: { select: { transcript: { select: { name: true } } } } } });
    const failed = rows.filter((row) => row.status === "error");
    // The marked call in hindsight, for each criterion that judges it.
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) {
      expect(row.toolCall?.transcript.name).toBe("Weather in Oslo?");
      expect(row.mode).toBe("hindsight");
      expect(row.error).toMatch(/stopped after 1 s on this call; its thread was replaced/);
    }
    const others = rows.filter((row) => row.status !== "error");
    expect(others.every((row) => row.status === "done" || row.status === "not-applicable")).toBe(true);
    expect(others.filter((row) => row.toolCall?.transcript.name === "Weather in Oslo?" && row.status === "done").map((row) => row.mode)).toContain("immediate");
    const bergen = others.filter((row) => row.toolCall?.transcript.name === "Weather in Bergen?");
    expect(bergen.filter((row) => row.status === "done").length).toBeGreaterThan(0);
    // Agent-level results: the marked transcript fails as a whole, every other one is judged.
    const agents = await prisma.transcriptEvaluation.findMany({ where: { runId: created.runId }, include: { transcript: { select: { name: true } } } });
    expect(rows.length + agents.length).toBe(created.total);
    expect(agents.filter((row) => row.status === "error").map((row) => row.transcript.name)).toEqual(["Weather in Oslo?"]);
    expect(agents.filter((row) => row.status === "done")).toHaveLength(items.length - 1);
    // Each stall replaced its thread, and judging stayed on threads (no fallback to judging inline).
    expect(errors.map(String)).toEqual(errors.map(() => expect.stringMatching(/spent \d+ ms on one call \(budget 1000 ms\): replaced/)));
  }, 120_000);
});
