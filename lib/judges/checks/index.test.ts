import { describe, expect, it } from "vitest";
import { CRITERIA_LIBRARY, parsedLibraryCriterion } from "@/lib/criteria/library";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import type { CallView, JudgeInput } from "../types";
import { CHECKS, checksJudge, createChecksJudge } from "./index";
import { hindsight, immediate, tool, toolCall } from "./testing/views";

const criterion = (text: string): Criterion => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};
const input = (text: string, content: CallView): JudgeInput =>
  content.mode === "immediate" ? { criterion: criterion(text), view: "immediate", content } : { criterion: criterion(text), view: "hindsight", content };

const area = tool("triangle_area", { base: { type: "integer" }, height: { type: "integer" }, unit: { type: "string" } }, ["base", "height"], "Calculate the area of a triangle from its base and height.");
const request = "Find the area of a triangle with a base of 10 units and a height of 5 units.";
const view = (args: object | string, name = "triangle_area") => immediate({ user: request, tools: [area], calls: [toolCall("1", name, args as string)] });

const clean = view({ base: 10, height: 5, unit: "units" });
const doubtful = view({ base: 10, height: 5, unit: "inches" });
const wrongType = view({ base: "10", height: 5 });
const unknown = view({ base: 10, height: 5 }, "area_of_circle");

const REWARD = "Reward tool calls that select appropriate tools and provide accurate parameters";
const PASSES = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";

describe("checks judge", () => {
  it("is the offline judge with a stable id and a visible catalogue", () => {
    expect(checksJudge.id).toBe("checks");
    expect(new Set(CHECKS.map((check) => check.id)).size).toBe(CHECKS.length);
    for (const check of CHECKS) expect(check.explanation.length, check.id).toBeGreaterThan(20);
  });

  it("scores a clean call high and explains what it measured", async () => {
    const result = await checksJudge.evaluate(input(REWARD, clean));
    expect(result).toMatchObject({ score: 1, passed: null, applicable: true, findings: [] });
    expect(result.measuredBy).toEqual(expect.arrayContaining(["schema-violation", "poor-tool-choice", "ungrounded-value"]));
    expect(result.explanation).toContain("Measured tool selection, parameter accuracy");
  });

  it("ranks continuous scores: clean > doubtful value > schema violation > unknown tool", async () => {
    const scores = await Promise.all([clean, doubtful, wrongType, unknown].map(async (content) => (await checksJudge.evaluate(input(REWARD, content))).score ?? -1));
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[1]).toBeGreaterThan(scores[2]);
    expect(scores[2]).toBeGreaterThan(scores[3]);
  });

  it("passes good calls and fails defective ones on a binary criterion, with evidence", async () => {
    expect((await checksJudge.evaluate(input(PASSES, clean))).passed).toBe(true);
    const failed = await checksJudge.evaluate(input(PASSES, wrongType));
    expect(failed).toMatchObject({ passed: false, score: 0 });
    expect(failed.findings[0]).toMatchObject({ check: "schema-violation", path: "base", evidence: 'value "10"' });
    expect(failed.explanation).toContain("fails");
  });

  it("respects each prefix", async () => {
    const evaluate = async (text: string, content: CallView) => checksJudge.evaluate(input(text, content));
    // Reward: high when X holds; Penalize: low when X holds.
    expect((await evaluate("Reward tool calls that provide accurate parameters", clean)).score).toBe(1);
    expect((await evaluate("Penalize tool calls that provide invalid parameters", clean)).score).toBe(1);
    expect((await evaluate("Penalize tool calls that provide invalid parameters", wrongType)).score).toBeLessThan(0.5);
    expect((await evaluate("Penalize tool calls that provide accurate parameters", clean)).score).toBe(0);
    // Passes if: pass when X holds; Fails if: fail when X holds.
    expect((await evaluate("Tool call passes if the arguments are valid", wrongType)).passed).toBe(false);
    expect((await evaluate("Tool call fails if the arguments are invalid", wrongType)).passed).toBe(false);
    expect((await evaluate("Tool call fails if the arguments are invalid", clean)).passed).toBe(true);
    expect((await evaluate("Tool call fails if the arguments are valid", clean)).passed).toBe(false);
  });

  it("is not applicable when no check measures the criterion, and says to use an LLM judge", async () => {
    const result = await checksJudge.evaluate(input("Reward tool calls that are polite and witty", clean));
    expect(result).toMatchObject({ score: null, passed: null, applicable: false, findings: [] });
    expect(result.explanation).toContain("LLM judge");
  });

  it("is not applicable to a hindsight-only criterion judged immediately", async () => {
    const result = await checksJudge.evaluate(input("Tool call fails if the tool returned an error", clean));
    expect(result.applicable).toBe(false);
    expect(result.explanation).toContain("tool-error");
  });

  it("judges hindsight criteria with the response", async () => {
    const withError = hindsight({ user: request, tools: [area], calls: [toolCall("1", "triangle_area", { base: 10, height: 5 })], response: '{"error": "division by zero"}' });
    const result = await checksJudge.evaluate(input("Tool call fails if the tool returned an error", withError));
    expect(result).toMatchObject({ applicable: true, passed: false });
    expect(result.findings[0]).toMatchObject({ check: "tool-error", evidence: expect.stringContaining("division by zero") });
  });

  it("applies every library criterion in its view", async () => {
    const both = hindsight({ user: request, tools: [area], calls: [toolCall("1", "triangle_area", { base: 10, height: 5 })], response: '{"area": 25}', following: [{ role: "assistant", content: "The area is 25 square units." }] });
    for (const entry of CRITERIA_LIBRARY) {
      const content = entry.view === "immediate" ? clean : both;
      const result = await checksJudge.evaluate(input(entry.text, content));
      expect(result.applicable, entry.id).toBe(true);
      expect(result.passed ?? result.score! >= 0.5, entry.id).toBe(true);
    }
    expect(parsedLibraryCriterion(CRITERIA_LIBRARY[0]).kind).toBe("reward");
  });

  it("is deterministic", async () => {
    const judge = createChecksJudge();
    const first = await judge.evaluate(input(PASSES, doubtful));
    const second = await judge.evaluate(input(PASSES, view({ base: 10, height: 5, unit: "inches" })));
    expect(second).toEqual(first);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(checksJudge.evaluate(input(REWARD, clean), controller.signal)).rejects.toThrow();
  });
});
