import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "@/lib/platform/db/client";
import { callboard, spawnedCallboard } from "./test-fixtures/run-callboard";

const REWARD = "Reward tool calls that select appropriate tools and provide accurate parameters";
const BINARY = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";

const tools = [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false } } }];
function transcript(tool: string, city: string): string {
  return JSON.stringify({
    messages: [
      { role: "user", content: `What's the weather in ${city}?` },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: tool, arguments: JSON.stringify({ city }) } }] },
      { role: "tool", tool_call_id: "c1", content: '{"temperature_c": 18}' },
    ],
    tools,
  });
}

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-cli-"));
  fs.writeFileSync(path.join(dir, "good.jsonl"), `${transcript("get_weather", "Paris")}\n${transcript("get_weather", "Lima")}\n`);
  fs.writeFileSync(path.join(dir, "bad-tool.jsonl"), `${transcript("get_weather", "Paris")}\n${transcript("get_forecast", "Oslo")}\n`);
  fs.writeFileSync(path.join(dir, "broken.jsonl"), `${transcript("get_weather", "Paris")}\n{"messages": "hello"}\n{oops\n`);
  fs.writeFileSync(path.join(dir, "criteria.txt"), `# gate\n${REWARD}\n${BINARY}\n`);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("callboard eval", () => {
  it("judges agent-level criteria once per transcript: JSON results with the transcript's item and no call fields", async () => {
    const AGENT = "Penalize agents that call tools with wrong arguments";
    const ran = await callboard(["eval", "bad-tool.jsonl", "-c", BINARY, "-c", AGENT, "--format", "json"], { cwd: dir });
    expect(ran.stderr).toBe("");
    const report = JSON.parse(ran.stdout);
    expect(report.criteria[1]).toMatchObject({ id: "C2", text: AGENT, kind: "penalize", scope: "agent" });
    const agent = report.results.filter((r: { scope?: string }) => r.scope === "agent");
    expect(agent.map((r: { item: number }) => r.item)).toEqual([0, 1]);
    for (const result of agent) {
      expect(result).toMatchObject({ criterionIndex: 1, criterion: AGENT, status: "done" });
      for (const field of ["callOrdinal", "callId", "toolName", "mode"]) expect(result).not.toHaveProperty(field);
    }
    // The second transcript calls a tool that was never offered: the agent scores lower on it.
    expect(agent[1].score).toBeLessThan(agent[0].score);
    expect(report.results.map((r: { item: number; scope?: string }) => `${r.item}${r.scope ?? "call"}`)).toEqual(["0call", "0agent", "1call", "1agent"]);
    expect(report.summary.calls).toBe(2);
    expect(report.summary.criteria[1]).toMatchObject({ criterionIndex: 1, total: 2, judged: 2 });

    const table = await callboard(["eval", "bad-tool.jsonl", "-c", AGENT], { cwd: dir });
    expect(table.stdout).toMatch(/agent\s+transcript\s+C1\s+\d\.\d\d/);
  }, 90_000);

  it("passes the gate on good calls and prints the table", async () => {
    const ran = await callboard(["eval", "good.jsonl", "--criteria-file", "criteria.txt", "--fail-under", "0.8"], { cwd: dir });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("Callboard eval · judge checks · mode auto · 1 file, 2 transcripts, 2 tool calls");
    expect(ran.stdout).toMatch(/#1 get_weather\s+hindsight\s+C2\s+pass/);
    expect(ran.stdout).toContain("Gate: passed (--fail-under 0.8).");
  }, 90_000);

  it("exits 1 when the gate fails, with the reasons in the JSON report, through the launcher as `npx callboard` runs it", async () => {
    const ran = await spawnedCallboard(["eval", "bad-tool.jsonl", "-c", REWARD, "-c", BINARY, "--fail-under", "0.8", "--format", "json"], { cwd: dir });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout);
    expect(report.gate.passed).toBe(false);
    expect(report.gate.failures.map((f: { reason: string }) => f.reason)).toEqual([expect.stringMatching(/^mean score 0\.\d\d is below 0\.8$/), "pass rate 0.50 is below 0.8"]);
    expect(report.results.find((r: { toolName: string; scale: string }) => r.toolName === "get_forecast" && r.scale === "binary")).toMatchObject({ passed: false });
  }, 90_000);

  it("reports rejected items with file, line, path and sentence, and exits 2 unless --allow-invalid", async () => {
    const ran = await callboard(["eval", "broken.jsonl", "-c", REWARD, "--format", "junit"], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('callboard: rejected broken.jsonl, line 2: messages: expected an array, got a string ("hello")');
    expect(ran.stderr).toMatch(/callboard: rejected broken\.jsonl, line 3: invalid JSON at line 3, column 2/);
    expect(ran.stdout).toContain('<testsuite name="rejected input items" tests="2" failures="0" errors="2" skipped="0">');

    const allowed = await callboard(["eval", "broken.jsonl", "-c", REWARD, "--allow-invalid"], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain("2 input items rejected (listed on stderr).");
  }, 90_000);

  it("exits 2 with a clear message on usage errors", async () => {
    const missing = await callboard(["eval", "nope.json", "-c", REWARD], { cwd: dir });
    expect(missing).toMatchObject({ code: 2, stdout: "", stderr: "callboard: nope.json: no such file\n" });
    const prefix = await callboard(["eval", "good.jsonl", "-c", "Rewards calls that work", "--judge", "anthropic"], { cwd: dir, env: { ANTHROPIC_API_KEY: "" } });
    expect(prefix.code).toBe(2);
    expect(prefix.stderr).toContain('Did you mean "Reward tool calls …"?');
    const judge = await callboard(["eval", "good.jsonl", "-c", REWARD, "--judge", "anthropic"], { cwd: dir, env: { ANTHROPIC_API_KEY: "" } });
    expect(judge).toMatchObject({ code: 2, stderr: "callboard: the Anthropic judge is not configured: set ANTHROPIC_API_KEY\n" });
  }, 90_000);

  it("saves agent-level criteria with --save: the worker judges each transcript once, the report reads its results back", async () => {
    const url = `file:${path.join(dir, "saved-agent.db")}`;
    const AGENT = "Agent passes if it calls tools with correct arguments";
    const ran = await callboard(["eval", "bad-tool.jsonl", "-c", AGENT, "--save", "--format", "json"], { cwd: dir, env: { DATABASE_URL: url } });
    expect(ran.stderr).toBe("");
    const report = JSON.parse(ran.stdout);
    expect(report.saved).toMatchObject({ runId: expect.any(String), evaluations: 2, errors: 0 });
    expect(report.results).toHaveLength(2);
    expect(report.results.every((r: { scope: string; cached: boolean }) => r.scope === "agent" && r.cached)).toBe(true);
    const prisma = createPrisma(url);
    try {
      expect(await prisma.criterion.findUniqueOrThrow({ where: { text: AGENT } })).toMatchObject({ scope: "agent", kind: "passes-if" });
      const rows = await prisma.transcriptEvaluation.findMany({ where: { runId: report.saved.runId } });
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.status === "done" && row.attempts === 1)).toBe(true);
      expect(await prisma.evaluation.count({ where: { runId: report.saved.runId } })).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  }, 90_000);

  it("stores the transcripts and the run with --save, judged by the worker", async () => {
    const url = `file:${path.join(dir, "saved.db")}`;
    const ran = await callboard(["eval", "good.jsonl", "bad-tool.jsonl", "--criteria-file", "criteria.txt", "--save", "--name", "ci run", "--format", "json"], { cwd: dir, env: { DATABASE_URL: url } });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout);
    // good.jsonl's Paris transcript is repeated in bad-tool.jsonl: stored once.
    expect(report.saved).toMatchObject({ runId: expect.any(String), name: "ci run", imported: 3, duplicates: 1, evaluations: 6, errors: 0 });
    // The built-in judge keeps no cache: the report judges again, deterministically, and says what the worker stored.
    expect(report.results.every((r: { cached: boolean }) => !r.cached)).toBe(true);

    const prisma = createPrisma(url);
    try {
      const run = await prisma.run.findUniqueOrThrow({ where: { id: report.saved.runId }, include: { criteria: true } });
      expect(run).toMatchObject({ name: "ci run", status: "done", judgeId: "checks", mode: "auto", total: 6, doneCount: 6, errorCount: 0 });
      expect(run.criteria).toHaveLength(2);
      const evaluations = await prisma.evaluation.findMany({ where: { runId: run.id }, include: { toolCall: { select: { toolName: true, callId: true } } } });
      expect(evaluations).toHaveLength(6);
      expect(evaluations.every((row) => row.status === "done" && row.mode === "hindsight")).toBe(true);
      expect(evaluations.find((row) => row.toolCall.toolName === "get_forecast" && row.passed !== null)?.passed).toBe(false);
      type Verdict = { callId: string; mode: string; score: number | null; passed: boolean | null; explanation: string | null };
      // As sets: the repeated transcript is reported twice and stored once.
      const verdicts = (rows: Verdict[]) => [...new Set(rows.map((r) => JSON.stringify([r.callId, r.mode, r.score, r.passed, r.explanation])))].sort();
      const stored = evaluations.map((row) => ({ callId: row.toolCall.callId, mode: row.mode, score: row.score, passed: row.passed, explanation: row.explanation }));
      expect(verdicts(report.results as Verdict[])).toEqual(verdicts(stored));
      expect(await prisma.upload.findFirstOrThrow({ where: { source: "cli" } })).toMatchObject({ importedCount: 3, duplicateCount: 1 });
    } finally {
      await prisma.$disconnect();
    }

    // Running CI again on the same file stores no transcript twice, yet still saves a run over them.
    const again = await callboard(["eval", "good.jsonl", "-c", REWARD, "--save", "--format", "json"], { cwd: dir, env: { DATABASE_URL: url } });
    expect(again.code).toBe(0);
    const second = JSON.parse(again.stdout);
    expect(second.saved).toMatchObject({ runId: expect.any(String), imported: 0, duplicates: 2 });
    expect(second.saved.runId).not.toBe(report.saved.runId);
    const check = createPrisma(url);
    try {
      expect(await check.transcript.count()).toBe(3);
      expect(await check.evaluation.count({ where: { runId: second.saved.runId } })).toBeGreaterThan(0);
    } finally {
      await check.$disconnect();
    }
  }, 120_000);
});
