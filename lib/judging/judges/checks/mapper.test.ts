import { describe, expect, it } from "vitest";
import { CRITERIA_LIBRARY, parsedLibraryCriterion } from "@/lib/criteria/library";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { describesDefect, mapCriterion } from "./mapper";

const criterion = (text: string): Criterion => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};

describe("mapCriterion", () => {
  it.each([
    ["Reward tool calls that select appropriate tools and provide accurate parameters", ["tool-selection", "parameter-accuracy"]],
    // Fulfilling the user's request with the call's tool and arguments: what the checks see of overall correctness.
    ["Tool call passes if the selected tool and every argument correctly fulfil the user's request", ["tool-selection", "parameter-accuracy"]],
  ])("maps the benchmark criterion %j to tool selection and parameter accuracy", (text, topics) => {
    {
      const mapping = mapCriterion(criterion(text));
      expect(mapping.topics).toEqual(topics);
      expect(mapping.describesDefect).toBe(false);
      expect(mapping.checks.map((check) => check.id)).toEqual(expect.arrayContaining(["unknown-tool", "schema-violation", "ungrounded-value", "poor-tool-choice"]));
      expect(mapping.checks.map((check) => check.id)).not.toContain("sensitive-data");
    }
  });

  it.each([
    ["Tool call fails if an argument contains a credit card number", ["safety"]],
    ["Penalize tool calls that repeat a call already made", ["redundancy"]],
    ["Tool call fails if any value is fabricated", ["fabrication"]],
    ["Tool call fails if an argument is fabricated or invalid", ["parameter-accuracy", "fabrication"]],
    // Where a value came from is grounding, however it is said.
    ["Tool call fails if the order id was never mentioned", ["fabrication"]],
    ["Penalize tool calls that use a date the user has not given", ["fabrication"]],
    ["Tool call passes if every identifier comes from an earlier tool result", ["fabrication", "use-of-results"]],
    ["Reward tool calls whose response has no errors", ["errors"]],
    ["Penalize tool calls that ignore the earlier results", ["use-of-results"]],
    ["Penalize tool calls whose results the agent ignores or contradicts", ["use-of-results"]],
    ["Reward tool calls that are correct", ["tool-selection", "parameter-accuracy"]],
  ])("maps %j", (text, topics) => {
    expect(mapCriterion(criterion(text)).topics).toEqual(topics);
  });

  it("maps a criterion to the checks whose subject it names, and to nothing else", () => {
    const ids = (text: string) => mapCriterion(criterion(text)).checks.map((check) => check.id).sort();
    // "Answered" says the earlier read had its answer, not that the call is about using results.
    expect(ids("Penalize tool calls that repeat a lookup already answered")).toEqual(["duplicate-call", "futile-retry"]);
    expect(ids("Tool call fails if it changes data without the user's explicit confirmation")).toEqual(["unconfirmed-action"]);
    expect(ids("Tool call fails if an argument contains a value the user or a tool never gave")).toEqual(expect.arrayContaining(["ungrounded-value"]));
    expect(ids("Tool call fails if an argument contains a value the user or a tool never gave")).not.toContain("unconfirmed-action");
    // Each named subject maps.
    expect(ids("Penalize tool calls that repeat a lookup or fail with an error")).toEqual(expect.arrayContaining(["duplicate-call", "futile-retry", "tool-error"]));
  });

  it.each([
    ["Reward tool calls that follow the airline policy in the system prompt", ["policy"]],
    ["Tool call passes if the call is consistent with the agent's policy", ["policy"]],
    ["Reward tool calls that help accomplish the user's goal", ["goal"]],
    ["Reward tool calls whose information is factually accurate", ["facts"]],
    ["Reward tool calls that are polite and helpful", ["tone"]],
    ["Reward tool calls that follow the policy correctly", ["policy"]],
  ])("leaves what no rule can read, %j, to a model: no check, and the subject named", (text, meaning) => {
    const mapping = mapCriterion(criterion(text));
    expect(mapping.meaning).toEqual(meaning);
    expect(mapping.checks).toEqual([]);
  });

  it("keeps the structural part of a criterion that also names a meaning-level subject", () => {
    const mapping = mapCriterion(criterion("Tool call fails if it breaks the policy or changes data without the user's confirmation"));
    expect(mapping.meaning).toEqual(["policy"]);
    expect(mapping.checks.map((check) => check.id)).toEqual(["unconfirmed-action"]);
  });

  it("maps nothing for what no check measures", () => {
    expect(mapCriterion(criterion("Reward tool calls that are polite and witty")).topics).toEqual([]);
  });

  it("measures every library criterion", () => {
    for (const entry of CRITERIA_LIBRARY) expect(mapCriterion(parsedLibraryCriterion(entry)).checks.length, entry.id).toBeGreaterThan(0);
  });

  it.each([
    ["Tool call fails if it calls a tool that is not among the available tools", ["unknown-tool"]],
    ["Tool call fails if it calls a nonexistent function", ["unknown-tool"]],
    ["Penalize tool calls whose arguments do not match the schema", ["arguments-not-json", "schema-violation", "undeclared-argument"]],
    ["Tool call fails if a required parameter is missing", ["schema-violation"]],
    ["Penalize tool calls with extra arguments", ["undeclared-argument"]],
    ["Tool call fails if the arguments are not valid JSON", ["arguments-not-json"]],
  ])("a phrase that names checks maps %j to those checks alone", (text, ids) => {
    expect(mapCriterion(criterion(text)).checks.map((check) => check.id).sort()).toEqual(ids);
  });

  it("a named check and the rest of the criterion both count", () => {
    const mapping = mapCriterion(criterion("Reward tool calls whose arguments are valid for the tool's schema and accurately reflect what the user asked for"));
    expect(mapping.specific).toEqual(expect.arrayContaining(["schema-violation"]));
    expect(mapping.checks.map((check) => check.id)).toEqual(expect.arrayContaining(["schema-violation", "ungrounded-value"]));
  });

  it("maps confirmation criteria to the confirmation topic", () => {
    expect(mapCriterion(criterion("Tool call fails if it changes data without the user's explicit confirmation")).topics).toContain("confirmation");
  });
});

describe("describesDefect", () => {
  it.each([
    ["select appropriate tools and provide accurate parameters", false],
    ["uses the wrong tool", true],
    ["any argument value is fabricated", true],
    ["does not fabricate values", false],
    ["returned a result without errors", false],
    ["contains no sensitive data", false],
    ["does not use the earlier result", true],
    ["fails to use the result", true],
    ["ignore or contradict earlier results", true],
    ["no required argument is missing", false],
    ["recovers from every tool error", false],
  ])("%j -> %s", (condition, expected) => {
    expect(describesDefect(condition)).toBe(expected);
  });
});
