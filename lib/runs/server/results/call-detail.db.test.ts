import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationBlock } from "@/lib/transcripts/conversation";
import { conversationAroundCall, criterionResults, getCallDetail, type CallCriterion, type CallEvaluationRow } from "./call-detail";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";

const continuous: CallCriterion = { id: "c1", text: "Reward tool calls that are good", title: null, kind: "reward", scale: "continuous" };
const binary: CallCriterion = { id: "c2", text: "Tool call passes if it is right", title: "Right", kind: "passes-if", scale: "binary" };
const unjudged: CallCriterion = { id: "c3", text: "Tool call fails if it is wrong", title: null, kind: "fails-if", scale: "binary" };

const finding = { check: "schema-violation", severity: "major", path: "city", message: "city is required" };
const row = (criterionId: string, mode: string, values: Partial<CallEvaluationRow> = {}): CallEvaluationRow => ({
  criterionId,
  mode,
  status: "done",
  score: 0.4,
  passed: null,
  explanation: "The city is missing.",
  findings: [],
  judgeId: "checks",
  latencyMs: 3,
  cached: false,
  error: null,
  ...values,
});

describe("criterionResults", () => {
  it("compares both modes: delta, direction, flip, word diff and findings", () => {
    const rows = [
      row("c1", "immediate", { score: 0.4, findings: [finding] }),
      row("c1", "hindsight", { score: 0.8, explanation: "The city is given.", findings: [] }),
      row("c2", "hindsight", { score: 1, passed: true }),
      row("c2", "immediate", { score: 1, passed: true }),
    ];
    const [first, second] = criterionResults([continuous, binary], rows, true);
    expect(first.comparison).toMatchObject({ kind: "continuous", from: 0.4, to: 0.8, delta: 0.4, direction: "up", flipped: true });
    expect(first.explanationDiff?.segments).toEqual([
      { kind: "same", text: "The city is " },
      { kind: "removed", text: "missing" },
      { kind: "added", text: "given" },
      { kind: "same", text: "." },
    ]);
    expect(first.findings).toEqual({ added: [], removed: [finding], unchanged: [] });
    expect(first.immediate?.mode).toBe("immediate");
    expect(first.hindsight?.result.score).toBe(0.8);
    expect(second.comparison).toMatchObject({ kind: "binary", from: true, to: true, flipped: false });
  });

  it("keeps the run's criterion order and leaves out criteria without results", () => {
    const rows = [row("c2", "immediate"), row("c1", "immediate")];
    expect(criterionResults([unjudged, binary, continuous], rows, false).map((r) => r.criterion.id)).toEqual(["c2", "c1"]);
  });

  it("shows a single-mode run's result alone, with nothing compared", () => {
    const [result] = criterionResults([continuous], [row("c1", "hindsight")], false);
    expect(result).toMatchObject({ bothModes: false, immediate: null, comparison: null, explanationDiff: null, findings: null });
    expect(result.hindsight?.result.status).toBe("done");
  });

  it("says why a both-mode pair is not compared, and diffs only when both sides exist", () => {
    const [missing] = criterionResults([continuous], [row("c1", "immediate")], true);
    expect(missing.comparison).toMatchObject({ kind: "applicability", change: "immediate-only" });
    expect(missing.explanationDiff).toBeNull();
    const [errored] = criterionResults([continuous], [row("c1", "immediate"), row("c1", "hindsight", { status: "error", score: null, explanation: null, error: "timeout" })], true);
    expect(errored.comparison).toMatchObject({ kind: "incomplete", reason: "error" });
    expect(errored.hindsight?.error).toBe("timeout");
    expect(errored.explanationDiff?.segments).toEqual([{ kind: "removed", text: "The city is missing." }]);
  });
});

describe("conversationAroundCall", () => {
  const blocks: ConversationBlock[] = [
    { kind: "message", index: 0, role: "system", content: "Be brief." },
    { kind: "message", index: 1, role: "user", content: "Weather?" },
    { kind: "calls", index: 2, content: null, calls: [] },
    { kind: "message", index: 4, role: "assistant", content: "Sunny." },
  ];

  it("splits the conversation at the message that made the call", () => {
    const around = conversationAroundCall(blocks, 2);
    expect(around.before.map((b) => b.index)).toEqual([0, 1]);
    expect(around.at?.index).toBe(2);
    expect(around.after.map((b) => b.index)).toEqual([4]);
  });

  it("has no call block when the index is not one", () => {
    expect(conversationAroundCall(blocks, 1).at).toBeNull();
  });
});

describe("getCallDetail", () => {
  let demo: JudgedDemo;
  beforeAll(async () => {
    demo = await judgedDemo("call-detail");
  }, 120_000);
  afterAll(() => demo.cleanup());

  it("loads the call, its transcript and every criterion's results in the run", async () => {
    const flipped = await demo.prisma.callComparison.findFirstOrThrow({ where: { runId: demo.bothRunId, flipped: true } });
    const detail = await getCallDetail(demo.prisma, demo.bothRunId, flipped.toolCallId);
    expect(detail).not.toBeNull();
    if (!detail) return;
    expect(detail.run).toMatchObject({ id: demo.bothRunId, mode: "both" });
    expect(detail.results).toHaveLength(demo.criterionIds.length);
    expect(detail.transcript.messages.length).toBeGreaterThan(detail.call.messageIndex);
    expect(detail.transcript.calls.some((call) => call.id === flipped.toolCallId)).toBe(true);
    const result = detail.results.find((r) => r.criterion.id === flipped.criterionId);
    expect(result?.comparison && "flipped" in result.comparison ? result.comparison.flipped : null).toBe(true);
  });

  it("shows an immediate-only run's own results", async () => {
    const call = await demo.prisma.evaluation.findFirstOrThrow({ where: { runId: demo.immediateRunId } });
    const detail = await getCallDetail(demo.prisma, demo.immediateRunId, call.toolCallId);
    expect(detail?.results).toHaveLength(3);
    expect(detail?.results.every((r) => !r.bothModes && r.immediate && !r.hindsight)).toBe(true);
  });

  it("is null for an unknown run or call, or a call the run did not judge", async () => {
    const call = await demo.prisma.toolCall.findFirstOrThrow();
    expect(await getCallDetail(demo.prisma, "no-such-run", call.id)).toBeNull();
    expect(await getCallDetail(demo.prisma, demo.bothRunId, "no-such-call")).toBeNull();
    const run = await demo.prisma.run.create({ data: { name: "empty", judgeId: "checks", judgeSettings: { kind: "checks" }, mode: "immediate", selection: { kind: "all" } } });
    expect(await getCallDetail(demo.prisma, run.id, call.id)).toBeNull();
  });
});
