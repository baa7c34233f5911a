import { describe, expect, it } from "vitest";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import { prepareCall, type PreparedCall } from "./judge-call";
import { judgeCalls } from "./judge-calls";
import { ACCURACY, CORRECT, weatherTranscript } from "./test-fixtures/items";
import { viewFor } from "./views";

const answer: JudgeResult = { score: 0.7, passed: null, applicable: true, explanation: "ok", findings: [] };

function prepared(judge: Judge, options: { tool?: string; response?: string | null; mode?: "immediate" | "hindsight" } = {}): PreparedCall {
  const transcript = weatherTranscript({ tool: options.tool, response: options.response });
  const [site] = extractToolCallSites(transcript);
  const mode = options.mode ?? "immediate";
  return prepareCall({ judge, criterion: ACCURACY, mode, view: viewFor(mode, transcript, site), hasResponse: site.responseIndex !== null });
}

describe("judgeCalls", () => {
  it("asks a judge of groups once for all its calls, and reports each call as judged", async () => {
    const checks = createChecksJudge();
    const groups: number[] = [];
    const judge: Judge = { ...checks, evaluate: () => Promise.reject(new Error("asked one by one")), evaluateMany: (inputs, signal) => (groups.push(inputs.length), checks.evaluateMany!(inputs, signal)) };
    const asked: number[] = [];
    const outcomes = await judgeCalls([prepared(judge), prepared(judge, { tool: "get_forecast" }), prepared(judge, { response: null, mode: "hindsight" })], { onJudgeCall: (index) => asked.push(index) });
    expect(groups).toEqual([2]);
    expect(asked).toEqual([0, 1]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["done", "done", "not-applicable"]);
  });

  it("asks any other judge call by call, answers from the lookup first, and gives outcomes in order as they settle", async () => {
    const inputs: JudgeInput[] = [];
    const judge: Judge = { id: "counting", evaluate: async (input) => (inputs.push(input), answer) };
    const calls = [prepared(judge), prepared(judge, { tool: "get_forecast" })];
    const stored = calls[1].kind === "judge" && calls[1].key ? calls[1].key : "";
    const settled: number[][] = [];
    const outcomes = await judgeCalls(calls, { lookup: () => new Map([[stored, { ...answer, explanation: "stored" }]]), onSettled: (indices) => void settled.push([...indices]) });
    expect(inputs).toHaveLength(1);
    expect(settled).toEqual([[1], [0]]);
    expect(outcomes).toMatchObject([
      { status: "done", cached: false, attempts: 1 },
      { status: "done", cached: true, result: { explanation: "stored" } },
    ]);
  });

  it("judges an identical call once within a memo, and only costs judge calls when the lookup fails", async () => {
    const inputs: JudgeInput[] = [];
    const judge: Judge = { id: "counting", evaluate: async (input) => (inputs.push(input), answer) };
    const memo = new Map();
    const lookup = () => Promise.reject(new Error("database down"));
    const first = await judgeCalls([prepared(judge), prepared(judge)], { memo, lookup });
    const again = await judgeCalls([prepared(judge)], { memo, lookup });
    expect(inputs).toHaveLength(1);
    expect([...first, ...again].map((outcome) => outcome.status === "done" && outcome.cached)).toEqual([false, true, true]);
  });

  it("gives a group's calls back unjudged when the caller stops", async () => {
    const checks = createChecksJudge();
    const controller = new AbortController();
    const judge: Judge = { ...checks, evaluateMany: () => new Promise(() => controller.abort()) };
    expect(await judgeCalls([prepared(judge), prepared(judge)], { signal: controller.signal })).toEqual([{ status: "aborted" }, { status: "aborted" }]);
  });

  it("keeps the criterion it was prepared with", async () => {
    const judge = createChecksJudge();
    const transcript = weatherTranscript({ tool: "get_forecast" });
    const [site] = extractToolCallSites(transcript);
    const view = viewFor("hindsight", transcript, site);
    const [outcome] = await judgeCalls([prepareCall({ judge, criterion: CORRECT, mode: "hindsight", view, hasResponse: true })]);
    expect(outcome).toMatchObject({ status: "done", result: { passed: false } });
  });
});
