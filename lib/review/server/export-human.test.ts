import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/platform/csv";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { csvHeader, csvLine, EXPORT_COLUMNS, exportRecords, exportStream, RESULT_COLUMNS, type ExportCall } from "@/lib/runs/server/results/export";
import { HUMAN_EXPORT_COLUMNS } from "./export-human";
import { exportSummary } from "@/lib/runs/server/results/export-summary";
import { reviewedDemo, type ReviewedDemo, type ReviewedItem } from "./results-test-fixtures";

const view = (params: Record<string, string> = {}) => runViewSchema.parse(params);
const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("human columns, without a database", () => {
  const call: ExportCall = {
    id: "tc1",
    callId: "call_1",
    ordinal: 1,
    toolName: "get_weather",
    rawArguments: "{}",
    transcriptId: "t1",
    transcript: { name: "Weather", model: null, taskId: null, trial: null, tags: null, reward: null, success: null },
    evaluations: ["immediate", "hindsight"].map((mode) => ({
      criterionId: "a",
      mode,
      status: "done",
      score: null,
      passed: true,
      explanation: null,
      findings: [],
      judgeId: "checks",
      latencyMs: 1,
      error: null,
    })),
  };
  const mark = {
    reviewId: "rev1",
    queueId: "q1",
    criterionId: "a",
    mode: "hindsight" as const,
    status: "done" as const,
    verdict: "disagree" as const,
    passed: false,
    score: null,
    overturned: true,
    reviewer: "Ana, from QA",
    label: "wrong tool",
    verdictAt: "2026-11-22T12:00:00.000Z",
  };

  it("come after the judge's, each named human_", () => {
    expect(EXPORT_COLUMNS).toEqual([...RESULT_COLUMNS, ...HUMAN_EXPORT_COLUMNS]);
    expect(HUMAN_EXPORT_COLUMNS.every((column) => column.startsWith("human_"))).toBe(true);
    expect(RESULT_COLUMNS.some((column) => column.startsWith("human"))).toBe(false);
  });

  it("carry the review of the same criterion and mode only, and stay empty for the others", () => {
    const [immediate, hindsight] = exportRecords("r1", call, [{ id: "a", text: "A", scale: "binary" }], [mark]);
    expect(immediate.human).toBeNull();
    expect(hindsight.human).toEqual({ review_status: "done", verdict: "disagree", passed: false, score: null, label: "wrong tool", reviewer: "Ana, from QA", reviewed_at: "2026-11-22T12:00:00.000Z" });
    const [header, first, second] = parseCsv(csvHeader() + csvLine(immediate) + csvLine(hindsight));
    const of = (line: string[]) => Object.fromEntries(header.map((column, i) => [column, line[i]]));
    expect(of(first)).toMatchObject({ passed: "true", human_review_status: "", human_verdict: "", human_passed: "", human_reviewer: "" });
    expect(of(second)).toMatchObject({
      passed: "true",
      human_review_status: "done",
      human_verdict: "disagree",
      human_passed: "false",
      human_score: "",
      human_label: "wrong tool",
      human_reviewer: "Ana, from QA",
      human_reviewed_at: "2026-11-22T12:00:00.000Z",
    });
  });
});

describe("with a reviewed run", () => {
  let demo: ReviewedDemo;
  beforeAll(async () => {
    demo = await reviewedDemo("export");
  }, 120_000);
  afterAll(() => demo.cleanup());

  /** The exported row (CSV, by column) of one queued result. */
  function rowOf(rows: Record<string, string>[], item: ReviewedItem): Record<string, string> {
    const row = rows.find((candidate) => candidate.tool_call_id === item.toolCallId && candidate.criterion_id === item.criterionId && candidate.mode === item.mode);
    if (!row) throw new Error(`No exported row for ${item.toolCallId}`);
    return row;
  }

  it("streams CSV with each result's review in the human columns, paging as before", async () => {
    const text = await read(exportStream(demo.prisma, demo.runId, view(), "csv", { ids: 7, results: 3 }));
    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(lines).toHaveLength(await demo.prisma.evaluation.count({ where: { runId: demo.runId } }));
    const rows = lines.map((line) => Object.fromEntries(header.map((column, i) => [column, line[i]])));

    const disputed = rowOf(rows, demo.disputed);
    expect(disputed).toMatchObject({
      human_review_status: "done",
      human_verdict: "disagree",
      human_passed: String(!demo.disputed.judgePasses),
      human_score: "",
      human_label: "wrong tool",
      human_reviewer: demo.reviewer,
      human_reviewed_at: "2026-11-22T12:01:00.000Z",
    });
    // The judge's columns still hold the judge's verdict.
    expect(disputed.passed).toBe(String(demo.disputed.judgePasses));
    expect(rowOf(rows, demo.rescored)).toMatchObject({ human_review_status: "in-review", human_verdict: "disagree", human_score: String(demo.rescored.humanScore), human_passed: "true" });
    expect(rowOf(rows, demo.agreed)).toMatchObject({ human_review_status: "done", human_verdict: "agree", human_passed: String(demo.agreed.judgePasses) });
    expect(rowOf(rows, demo.discussed)).toMatchObject({ human_verdict: "discuss", human_passed: "" });
    expect(rowOf(rows, demo.open)).toMatchObject({ human_review_status: "open", human_verdict: "", human_reviewer: "", human_reviewed_at: "" });

    const queued = await demo.prisma.review.count({ where: { runId: demo.runId } });
    expect(rows.filter((row) => row.human_review_status !== "")).toHaveLength(queued);
  });

  it("nests the review under `human` in JSON Lines, null when the result was never queued, and follows the review filter", async () => {
    const text = await read(exportStream(demo.prisma, demo.runId, view({ review: "disputed" }), "jsonl", { ids: 2, results: 1 }));
    const records = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { tool_call_id: string; criterion_id: string; mode: string; human: Record<string, unknown> | null });
    expect(new Set(records.map((record) => record.tool_call_id))).toEqual(new Set([demo.disputed.toolCallId, demo.rescored.toolCallId]));
    const disputed = records.find((record) => record.tool_call_id === demo.disputed.toolCallId && record.criterion_id === demo.disputed.criterionId && record.mode === demo.disputed.mode);
    expect(disputed?.human).toEqual({
      review_status: "done",
      verdict: "disagree",
      passed: !demo.disputed.judgePasses,
      score: null,
      label: "wrong tool",
      reviewer: demo.reviewer,
      reviewed_at: "2026-11-22T12:01:00.000Z",
    });
    expect(records.some((record) => record.human === null)).toBe(true);
    expect(records.every((record) => !Object.keys(record).some((key) => key.startsWith("human_")))).toBe(true);
  });

  it("adds people's agreement with the judge per criterion to the summary", async () => {
    const summary = await exportSummary(demo.prisma, demo.runId, view());
    const disputed = summary?.criteria.find((criterion) => criterion.id === demo.disputed.criterionId);
    const [judge] = disputed?.humanAgreement ?? [];
    expect(judge).toMatchObject({ judge: "checks" });
    expect(judge.reviewed).toBeGreaterThanOrEqual(1);
    expect(judge.disagreed).toBeGreaterThanOrEqual(1);
    const word = demo.disputed.judgePasses ? "pass" : "fail";
    const other = demo.disputed.judgePasses ? "fail" : "pass";
    expect(judge.confusion[word][other]).toBeGreaterThanOrEqual(1);
    const reviewed = new Set([demo.disputed, demo.rescored, demo.agreed, demo.discussed].map((item) => item.criterionId));
    for (const criterion of summary?.criteria ?? []) {
      expect(criterion.humanAgreement.length > 0).toBe(reviewed.has(criterion.id));
    }
  });
});
