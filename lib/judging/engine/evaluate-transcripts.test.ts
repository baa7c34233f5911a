import { describe, expect, it } from "vitest";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";
import { evaluateTranscripts } from "./evaluate-transcripts";
import { ACCURACY, CORRECT, criterion, itemOf, TOOL_ERRORS, weatherTranscript } from "./test-fixtures/items";
import type { EvaluationItem } from "./types";

const checks = createChecksJudge();

function countingJudge(answer: JudgeResult = { score: 0.7, passed: null, applicable: true, explanation: "ok", findings: [] }): Judge & { calls: JudgeInput[] } {
  const calls: JudgeInput[] = [];
  return {
    id: "counting",
    calls,
    async evaluate(input) {
      calls.push(input);
      return answer;
    },
  };
}

describe("evaluateTranscripts with the checks judge", () => {
  it("passes a good call and fails a call to a tool that is not offered", async () => {
    const results = await evaluateTranscripts({
      items: [itemOf(weatherTranscript(), "good"), itemOf(weatherTranscript({ tool: "get_forecast" }), "unknown tool")],
      criteria: [ACCURACY, CORRECT],
      judge: checks,
    });
    expect(results.map((r) => [r.transcript, r.criterionIndex, r.status, r.passed])).toEqual([
      ["good", 0, "done", null],
      ["good", 1, "done", true],
      ["unknown tool", 0, "done", null],
      ["unknown tool", 1, "done", false],
    ]);
    const [goodScore, , badScore, badVerdict] = results;
    expect(goodScore.score).toBeGreaterThan(0.9);
    expect(badScore.score).toBeLessThan(0.5);
    expect(badVerdict.findings.map((f) => f.check)).toContain("unknown-tool");
    expect(badVerdict).toMatchObject({ toolName: "get_forecast", callOrdinal: 1, callId: "c1", mode: "hindsight", cached: false });
  });

  it("judges in the views the mode asks for, and says why hindsight is not applicable without a response", async () => {
    const items = [itemOf(weatherTranscript({ response: null }), "no response")];
    const auto = await evaluateTranscripts({ items, criteria: [ACCURACY], judge: checks });
    expect(auto.map((r) => r.mode)).toEqual(["immediate"]);

    const both = await evaluateTranscripts({ items, criteria: [ACCURACY], judge: checks, mode: "both" });
    expect(both.map((r) => [r.mode, r.status])).toEqual([
      ["immediate", "done"],
      ["hindsight", "not-applicable"],
    ]);
    expect(both[1].explanation).toMatch(/has no tool response/);
  });

  it("measures tool errors only in hindsight", async () => {
    const items = [itemOf(weatherTranscript({ response: '{"error": "city not found"}' }))];
    const results = await evaluateTranscripts({ items, criteria: [TOOL_ERRORS], judge: checks, mode: "both" });
    expect(results.map((r) => [r.mode, r.status])).toEqual([
      ["immediate", "not-applicable"],
      ["hindsight", "done"],
    ]);
    expect(results[1].score).toBeLessThan(0.5);
  });
});

describe("caching and concurrency", () => {
  it("judges identical calls once and marks the repeats as cached", async () => {
    const judge = countingJudge();
    const same = weatherTranscript();
    const results = await evaluateTranscripts({ items: [itemOf(same, "a"), itemOf(structuredClone(same), "b")], criteria: [ACCURACY], judge, concurrency: 1 });
    expect(judge.calls).toHaveLength(1);
    expect(results.map((r) => [r.transcript, r.score, r.cached])).toEqual([
      ["a", 0.7, false],
      ["b", 0.7, true],
    ]);
  });

  it("asks a judge that is not cached every time, and never looks it up", async () => {
    const judge = { ...countingJudge(), cacheable: false };
    const same = weatherTranscript();
    const lookups: string[] = [];
    const cache = { get: (key: string) => void lookups.push(key) };
    const results = await evaluateTranscripts({ items: [itemOf(same, "a"), itemOf(structuredClone(same), "b")], criteria: [ACCURACY], judge, cache, concurrency: 1 });
    expect(judge.calls).toHaveLength(2);
    expect(lookups).toEqual([]);
    expect(results.map((r) => [r.transcript, r.score, r.cached])).toEqual([
      ["a", 0.7, false],
      ["b", 0.7, false],
    ]);
  });

  it("answers from a given cache without calling the judge", async () => {
    const judge = countingJudge();
    const stored: JudgeResult = { score: 0.25, passed: null, applicable: true, explanation: "from the database", findings: [] };
    const results = await evaluateTranscripts({ items: [itemOf(weatherTranscript())], criteria: [ACCURACY], judge, cache: { get: async () => stored } });
    expect(judge.calls).toHaveLength(0);
    expect(results[0]).toMatchObject({ score: 0.25, explanation: "from the database", cached: true, attempts: 0 });
  });

  it("ignores a cache entry that is not a valid result", async () => {
    const judge = countingJudge();
    const broken = { score: 7 } as unknown as JudgeResult;
    const results = await evaluateTranscripts({ items: [itemOf(weatherTranscript())], criteria: [ACCURACY], judge, cache: { get: () => broken } });
    expect(judge.calls).toHaveLength(1);
    expect(results[0].cached).toBe(false);
  });

  it("keeps input order whatever order results arrive in, reading items as they come", async () => {
    let running = 0;
    let peak = 0;
    // The first call answers only once another result has been reported: results then certainly
    // arrive out of order, whatever the machine's load (a slower timer could be overtaken).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const judge: Judge = {
      id: "slow-first",
      async evaluate(input) {
        running++;
        peak = Math.max(peak, running);
        const city = String((input.content.call.arguments.ok && (input.content.call.arguments.value as { city: string }).city) || "");
        await (city === "City 0" ? released : new Promise((resolve) => setTimeout(resolve, 1)));
        running--;
        return { score: 0.5, passed: null, applicable: true, explanation: city, findings: [] };
      },
    };
    async function* items(): AsyncGenerator<EvaluationItem> {
      for (let i = 0; i < 6; i++) yield itemOf(weatherTranscript({ args: JSON.stringify({ city: `City ${i}` }) }), `t${i}`);
    }
    const seen: string[] = [];
    const onResult = (result: { transcript: string }) => {
      seen.push(result.transcript);
      if (result.transcript !== "t0") release();
    };
    const results = await evaluateTranscripts({ items: items(), criteria: [ACCURACY], judge, concurrency: 2, onResult });
    expect(results.map((r) => r.transcript)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5"]);
    expect(results.map((r) => r.item)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(seen[0]).not.toBe("t0");
    expect(seen).toHaveLength(6);
    expect(peak).toBeLessThanOrEqual(2);
  });
});

describe("failures", () => {
  it("records a judge failure as an error result, never throws", async () => {
    const judge: Judge = {
      id: "broken",
      evaluate: async () => {
        throw new Error("provider down");
      },
    };
    const results = await evaluateTranscripts({ items: [itemOf(weatherTranscript())], criteria: [ACCURACY, criterion("Tool call fails if it calls an unknown tool")], judge });
    expect(results.map((r) => [r.status, r.error, r.errorKind, r.score, r.passed])).toEqual([
      ["error", "provider down", "internal", null, null],
      ["error", "provider down", "internal", null, null],
    ]);
  });

  it("rejects an invalid judge answer as an error", async () => {
    const judge = countingJudge({ score: 2, passed: null, applicable: true, explanation: "", findings: [] });
    const [result] = await evaluateTranscripts({ items: [itemOf(weatherTranscript())], criteria: [ACCURACY], judge });
    expect(result).toMatchObject({ status: "error", errorKind: "bad_output" });
  });

  it("returns nothing for a transcript without tool calls", async () => {
    const transcript = { messages: [{ role: "user" as const, content: "hi" }], tools: [], metadata: {} };
    expect(await evaluateTranscripts({ items: [itemOf(transcript)], criteria: [ACCURACY], judge: checks })).toEqual([]);
  });
});
