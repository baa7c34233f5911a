import { describe, expect, it } from "vitest";
import { JudgeError } from "./errors";
import { FAILS_IF, PASSES_IF, PENALIZE, REWARD } from "./test-fixtures";
import { parseJsonText, verdictToResult } from "./verdict";
import { binaryVerdictSchema, continuousVerdictSchema, verdictJsonSchema } from "./verdict-schema";

const judgeId = "openai:test";
const base = { explanation: "Because.", findings: [] };

function failure(run: () => unknown): JudgeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(JudgeError);
    return error as JudgeError;
  }
  throw new Error("expected a JudgeError");
}

describe("verdictToResult", () => {
  it("continuous: keeps the score, passed is null", () => {
    expect(verdictToResult({ ...base, applicable: true, score: 0.35 }, { criterion: REWARD, judgeId })).toMatchObject({ score: 0.35, passed: null, applicable: true });
    expect(verdictToResult({ ...base, applicable: true, score: 0 }, { criterion: PENALIZE, judgeId })).toMatchObject({ score: 0, passed: null, applicable: true });
    expect(verdictToResult({ ...base, applicable: true, score: 1 }, { criterion: PENALIZE, judgeId }).score).toBe(1);
  });

  it("binary: passed gives score 1, failed gives 0", () => {
    expect(verdictToResult({ ...base, applicable: true, passed: true }, { criterion: PASSES_IF, judgeId })).toMatchObject({ score: 1, passed: true, applicable: true });
    expect(verdictToResult({ ...base, applicable: true, passed: false }, { criterion: FAILS_IF, judgeId })).toMatchObject({ score: 0, passed: false, applicable: true });
  });

  it("not applicable: null score and passed, whatever else the model said", () => {
    expect(verdictToResult({ ...base, applicable: false, score: 0.9 }, { criterion: REWARD, judgeId })).toMatchObject({ score: null, passed: null, applicable: false });
    expect(verdictToResult({ ...base, applicable: false, passed: null }, { criterion: FAILS_IF, judgeId })).toMatchObject({ score: null, passed: null, applicable: false });
  });

  it("records who measured and the usage", () => {
    const result = verdictToResult({ ...base, applicable: true, score: 0.5 }, { criterion: REWARD, judgeId, usage: { inputTokens: 3, outputTokens: 4, latencyMs: 5 } });
    expect(result.measuredBy).toEqual([judgeId]);
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 4, latencyMs: 5 });
  });

  it("maps findings, dropping null paths and evidence and normalising severity case", () => {
    const findings = [
      { check: "ungrounded-value", severity: "Major", path: "city", message: "Lyon is not in the request.", evidence: '"Lyon" vs "Paris"' },
      { check: "tool-choice", severity: "minor", path: null, message: "get_time fits better.", evidence: null },
    ];
    expect(verdictToResult({ ...base, findings, applicable: true, score: 0.2 }, { criterion: REWARD, judgeId }).findings).toEqual([
      { check: "ungrounded-value", severity: "major", path: "city", message: "Lyon is not in the request.", evidence: '"Lyon" vs "Paris"' },
      { check: "tool-choice", severity: "minor", message: "get_time fits better." },
    ]);
  });

  it("rejects off-contract verdicts instead of guessing a score", () => {
    const cases: [unknown, typeof REWARD, RegExp][] = [
      [{ ...base, applicable: true, score: 1.2 }, REWARD, /outside \[0, 1\]/],
      [{ ...base, applicable: true, score: null }, REWARD, /no score/],
      [{ ...base, applicable: true, score: "0.5" }, REWARD, /does not match the schema/],
      [{ ...base, applicable: true, passed: null }, PASSES_IF, /neither pass nor fail/],
      [{ ...base, applicable: true, score: 1 }, PASSES_IF, /does not match the schema/],
      [{ ...base, explanation: "", applicable: true, score: 0.5 }, REWARD, /explanation is empty/],
      [{ ...base, findings: [{ check: "x", severity: "urgent", message: "m" }], applicable: true, score: 0.5 }, REWARD, /findings/],
      ["a string", REWARD, /does not match the schema/],
    ];
    for (const [output, c, message] of cases) {
      const error = failure(() => verdictToResult(output, { criterion: c, judgeId }));
      expect(error.kind).toBe("bad_output");
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(message);
    }
  });
});

describe("parseJsonText", () => {
  it("parses JSON, with or without a Markdown fence", () => {
    expect(parseJsonText('{"a": 1}', judgeId)).toEqual({ a: 1 });
    expect(parseJsonText('```json\n{"a": 1}\n```', judgeId)).toEqual({ a: 1 });
    expect(parseJsonText('```\n{"a": 1}\n```', judgeId)).toEqual({ a: 1 });
  });

  it("rejects prose and empty answers", () => {
    expect(failure(() => parseJsonText("The score is 0.8", judgeId)).message).toMatch(/not JSON/);
    expect(failure(() => parseJsonText("   ", judgeId)).message).toMatch(/no content/);
  });
});

describe("verdictJsonSchema", () => {
  it("is strict-mode ready: every property required, no extra properties, nested too", () => {
    for (const scale of ["continuous", "binary"] as const) {
      const schema = verdictJsonSchema(scale);
      expect(schema.additionalProperties).toBe(false);
      expect([...schema.required].sort()).toEqual(Object.keys(schema.properties).sort());
      const items = (schema.properties.findings as { items: { required: string[]; properties: object; additionalProperties: boolean } }).items;
      expect(items.additionalProperties).toBe(false);
      expect([...items.required].sort()).toEqual(Object.keys(items.properties).sort());
    }
    expect(verdictJsonSchema("continuous").properties).toHaveProperty("score");
    expect(verdictJsonSchema("continuous").properties).not.toHaveProperty("passed");
    expect(verdictJsonSchema("binary").properties).toHaveProperty("passed");
  });

  it("describes what the zod schemas accept", () => {
    const finding = { check: "c", severity: "info", path: null, message: "m", evidence: null };
    expect(continuousVerdictSchema.safeParse({ explanation: "e", findings: [finding], applicable: true, score: 0.5 }).success).toBe(true);
    expect(binaryVerdictSchema.safeParse({ explanation: "e", findings: [finding], applicable: true, passed: false }).success).toBe(true);
  });
});
