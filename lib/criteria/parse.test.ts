import { describe, expect, it } from "vitest";
import { createCriterionSchema } from "@/lib/criteria/schemas/criteria";
import { CRITERION_MAX_LENGTH, CRITERION_PREFIXES, CRITERION_TOO_LONG, criterionFormSchema, criterionSchema, criterionTextSchema, isCriterionTooLong, parseCriterion } from "./parse";

function parsed(text: string) {
  const result = parseCriterion(text);
  if (!result.ok) throw new Error(result.message);
  return result.criterion;
}

function rejected(text: string): string {
  const result = parseCriterion(text);
  if (result.ok) throw new Error(`expected "${text}" to be rejected`);
  return result.message;
}

describe("parseCriterion", () => {
  it.each([
    ["Reward tool calls that select appropriate tools", "reward", "continuous", "select appropriate tools"],
    ["Penalize tool calls that repeat a call", "penalize", "continuous", "repeat a call"],
    ["Tool call passes if every argument is valid", "passes-if", "binary", "every argument is valid"],
    ["Tool call fails if the tool does not exist", "fails-if", "binary", "the tool does not exist"],
  ])("reads %j", (text, kind, scale, condition) => {
    expect(parsed(text)).toEqual({ text, kind, scale, condition });
  });

  it("ignores case", () => {
    expect(parsed("REWARD TOOL CALLS THAT are accurate").kind).toBe("reward");
    expect(parsed("tool CALL fails IF it errors").kind).toBe("fails-if");
    expect(parsed("penalize Tool Calls which leak secrets").condition).toBe("leak secrets");
  });

  it("tolerates surrounding and repeated spaces", () => {
    const criterion = parsed("   Tool  call   passes   if   the arguments are valid  \n");
    expect(criterion).toMatchObject({ kind: "passes-if", condition: "the arguments are valid", text: "Tool  call   passes   if   the arguments are valid" });
  });

  it("keeps the condition of binary criteria whole and strips only a leading connective of continuous ones", () => {
    expect(parsed("Reward tool calls whose arguments are grounded").condition).toBe("arguments are grounded");
    expect(parsed("Reward tool calls with accurate parameters").condition).toBe("with accurate parameters");
    expect(parsed("Tool call passes if that value exists").condition).toBe("that value exists");
  });

  it("requires a whole prefix word", () => {
    expect(parseCriterion("Reward tool callsthat are fine").ok).toBe(false);
    expect(parseCriterion("Reward tool call that is fine").ok).toBe(false);
  });

  it("rejects a prefix without a condition", () => {
    expect(rejected("Reward tool calls")).toContain("must be followed by the condition");
    expect(rejected("Tool call fails if   ")).toContain("must be followed by the condition");
  });

  it("rejects other text, listing the four prefixes", () => {
    const message = rejected("Score the tool call on accuracy");
    for (const rule of CRITERION_PREFIXES) expect(message).toContain(rule.prefix);
  });

  it.each([
    ["Rewrd tool calls that are accurate", "Reward tool calls"],
    ["Penalise tool calls that repeat", "Penalize tool calls"],
    ["Tool call pass if the tool fits", "Tool call passes if"],
    ["Tool calls fails if it errors", "Tool call fails if"],
    ["tool call failed if it errors", "Tool call fails if"],
    ["Reward the calls that are right", "Reward tool calls"],
  ])("suggests the closest prefix for %j", (text, suggestion) => {
    expect(rejected(text)).toContain(`Did you mean "${suggestion} …"?`);
  });

  it.each([
    ["Check that the agent confirms before booking.", "Tool call passes if the agent confirms before booking"],
    ["Ensure the arguments come from the user", "Tool call passes if the arguments come from the user"],
    ["please make sure that IDs are real", "Tool call passes if iDs are real"],
    ["Score the tool call on accuracy", "Reward tool calls that …"],
    ["The agent must confirm first", "Tool call passes if …"],
  ])("offers a prefix that fits an instruction or a request for a grade: %j", (text, suggestion) => {
    expect(rejected(text)).toContain(`Did you mean "${suggestion}"?`);
  });

  it("rejects empty text", () => {
    expect(rejected("   ")).toContain("required");
  });
});

describe("criterion schemas", () => {
  it("accepts valid text and reports the parser's message otherwise", () => {
    expect(criterionTextSchema.safeParse("  Tool call passes if it works ").data).toBe("Tool call passes if it works");
    const failure = criterionTextSchema.safeParse("Grade tool calls");
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0].message).toContain("Did you mean");
  });

  it("parses to a Criterion", () => {
    expect(criterionSchema.parse("Penalize tool calls that leak secrets")).toMatchObject({ kind: "penalize", condition: "leak secrets" });
    expect(criterionSchema.safeParse("Judge tool calls").success).toBe(false);
  });

  it("validates the criterion form", () => {
    expect(criterionFormSchema.safeParse({ text: "Tool call fails if it errors", title: " Errors " }).data).toEqual({ text: "Tool call fails if it errors", title: "Errors" });
    const failure = criterionFormSchema.safeParse({ text: "nope" });
    expect(failure.error?.issues[0].path).toEqual(["text"]);
  });
});

describe("the 2,000-character limit", () => {
  const at = `Reward tool calls that ${"x".repeat(CRITERION_MAX_LENGTH - "Reward tool calls that ".length)}`;
  const megabyte = `Reward tool calls that ${"x".repeat(1024 * 1024)}`;

  it("is one limit with one message, in the browser's check and in every schema of a criterion's text", () => {
    expect(CRITERION_TOO_LONG).toBe("A criterion is at most 2,000 characters.");
    expect(isCriterionTooLong(at)).toBe(false);
    // Counted after trimming, as the schemas count.
    expect(isCriterionTooLong(`  ${at}\n`)).toBe(false);
    expect(isCriterionTooLong(`${at}x`)).toBe(true);
    expect(isCriterionTooLong(megabyte)).toBe(true);
    for (const schema of [criterionTextSchema, criterionSchema, createCriterionSchema.shape.text]) {
      expect(schema.safeParse(at).success).toBe(true);
      expect(schema.safeParse(megabyte).error?.issues.map((issue) => issue.message)).toContain(CRITERION_TOO_LONG);
    }
  });
});
