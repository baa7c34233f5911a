import { describe, expect, it } from "vitest";
import { CRITERIA_LIBRARY, parsedLibraryCriterion } from "@/lib/criteria/library";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import type { CallView, JudgeInput } from "../types";
import { CHECKS, checksJudge, createChecksJudge } from "./index";
import { hindsight, immediate, tool, toolCall } from "./test-fixtures/views";

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

  it("answers not applicable to what no rule can read, naming the judges that can", async () => {
    for (const call of [clean, wrongType, unknown]) {
      const result = await checksJudge.evaluate(input("Reward tool calls that follow the airline policy in the system prompt", call));
      expect(result).toMatchObject({ applicable: false, score: null, passed: null, findings: [], measuredBy: [] });
      expect(result.explanation).toBe(
        "Built-in judge: not measured. Policy compliance needs an LLM judge: choose OpenAI-compatible or Anthropic. The built-in checks read the structure of calls, not this.",
      );
    }
  });

  it("gives a verdict on a criterion that also asks about the policy only when a check finds a problem on what it names", async () => {
    const text = "Tool call fails if it breaks the policy or passes arguments that do not match the schema";
    const found = await checksJudge.evaluate(input(text, wrongType));
    expect(found).toMatchObject({ applicable: true, passed: false });
    expect(found.explanation).toContain("Not measured: policy compliance needs an LLM judge");
    const none = await checksJudge.evaluate(input(text, clean));
    expect(none).toMatchObject({ applicable: false, passed: null });
    expect(none.explanation).toContain("found no problem there, which does not settle the criterion. Policy compliance needs an LLM judge");
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

describe("checks judge on what each view can see", () => {
  const FAILS_WITH_ERROR = "Penalize tool calls that fail with an error";
  const lookup = tool("get_order", { order_id: { type: "string" } }, ["order_id"], "Get an order by its id.");
  const ask = "Where is my order W123?";

  it("is not applicable before the response to a criterion about the response, and judges it in hindsight", async () => {
    const before = await checksJudge.evaluate(input(FAILS_WITH_ERROR, immediate({ user: ask, tools: [lookup], calls: [toolCall("1", "get_order", { order_id: "W123" })] })));
    expect(before).toMatchObject({ applicable: false, score: null });
    expect(before.explanation).toContain("shows only in its response");
    const after = await checksJudge.evaluate(input(FAILS_WITH_ERROR, hindsight({ user: ask, tools: [lookup], calls: [toolCall("1", "get_order", { order_id: "W123" })], response: '{"error": "order not found"}' })));
    expect(after.applicable).toBe(true);
    expect(after.score).toBeLessThan(0.5);
  });

  it("judges a criterion about the response before it when something predicts it: a retry of a rejected call", async () => {
    const context = [
      { role: "user" as const, content: ask },
      { role: "assistant" as const, content: null, tool_calls: [toolCall("0", "get_order", { order_id: "W123" })] },
      { role: "tool" as const, tool_call_id: "0", content: '{"error": "order not found"}' },
    ];
    const result = await checksJudge.evaluate(input(FAILS_WITH_ERROR, immediate({ context, tools: [lookup], calls: [toolCall("1", "get_order", { order_id: "W123" })] })));
    expect(result.applicable).toBe(true);
    expect(result.findings[0].check).toBe("futile-retry");
  });

  it("counts a rejection by the tool against a criterion about correct tools and arguments, in hindsight only", async () => {
    const rejected = hindsight({ user: ask, tools: [lookup], calls: [toolCall("1", "get_order", { order_id: "W123" })], response: "Error: payment method not found" });
    expect((await checksJudge.evaluate(input(PASSES, rejected))).passed).toBe(false);
    const timedOut = hindsight({ user: ask, tools: [lookup], calls: [toolCall("1", "get_order", { order_id: "W123" })], response: '{"error": "Request timed out"}' });
    expect((await checksJudge.evaluate(input(PASSES, timedOut))).passed).toBe(true);
  });
});

describe("checks judge respects the criterion's wording", () => {
  it("a criterion about unavailable tools is measured by the unknown-tool check alone", async () => {
    const duplicate = immediate({
      context: [
        { role: "user", content: request },
        { role: "assistant", content: null, tool_calls: [toolCall("0", "triangle_area", { base: 10, height: 5 })] },
        { role: "tool", tool_call_id: "0", content: "25" },
      ],
      tools: [area],
      calls: [toolCall("1", "triangle_area", { base: 10, height: 5 })],
    });
    const result = await checksJudge.evaluate(input("Tool call fails if it calls a tool that is not among the available tools", duplicate));
    expect(result).toMatchObject({ passed: true, measuredBy: ["unknown-tool"] });
  });

  it("a major schema violation fails a criterion about the schema", async () => {
    const result = await checksJudge.evaluate(input("Penalize tool calls whose arguments do not match the schema", wrongType));
    expect(result.score).toBeLessThan(0.5);
  });

  it("accepts the four prefixes in any letter case", async () => {
    expect((await checksJudge.evaluate(input("tool call PASSES IF the arguments are valid", clean))).passed).toBe(true);
  });
});

describe("checks judge on bad input", () => {
  it("reports arguments that are not JSON as a finding", async () => {
    const result = await checksJudge.evaluate(input(PASSES, view('{"base": 10, "height": ')));
    expect(result.passed).toBe(false);
    expect(result.findings.map((finding) => finding.check)).toContain("arguments-not-json");
  });

  it("does not crash on a schema it cannot compile, and says so", async () => {
    const broken = tool("triangle_area", { base: { type: "integer", pattern: "([" }, height: { $ref: "#/definitions/missing" } }, ["base"]);
    const result = await checksJudge.evaluate(input(PASSES, immediate({ user: request, tools: [broken], calls: [toolCall("1", "triangle_area", { base: 10, height: 5 })] })));
    expect(result.applicable).toBe(true);
  });

  it("judges a 1 MB argument without crashing, in reasonable time", async () => {
    const huge = "word ".repeat(200_000);
    const notes = tool("save_note", { text: { type: "string" } }, ["text"], "Save a note.");
    const result = await checksJudge.evaluate(input(PASSES, immediate({ user: "Save this note for me.", tools: [notes], calls: [toolCall("1", "save_note", { text: huge })] })));
    expect(result.applicable).toBe(true);
  });
});
