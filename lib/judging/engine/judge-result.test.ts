import { describe, expect, it } from "vitest";
import { judgeResultSchema, validateJudgeResult } from "./judge-result";

const finding = { check: "reference-match", severity: "critical", path: "city", message: "Invalid value", evidence: "expected 'a'; actual 'b'" };
const result = { score: 0.1, passed: false, applicable: true, explanation: "the call fails", findings: [finding, { check: "c", severity: "info", message: "m" }], measuredBy: ["reference-match"] };
const notApplicable = { score: null, passed: null, applicable: false, explanation: "not measured", findings: [] };

/** Values around the results judges give: reordered, extra or missing keys, undefined, wrong types, holes, class instances. */
function variants(): unknown[] {
  const out: unknown[] = [result, notApplicable, { ...result, measuredBy: undefined }, { ...result, usage: { inputTokens: 3 } }, { ...result, extra: 1 }];
  const keys = Object.keys(result) as (keyof typeof result)[];
  for (let at = 0; at < keys.length; at++) {
    const { [keys[at]]: _dropped, ...without } = result;
    out.push(without, { [keys[at]]: result[keys[at]], ...without });
  }
  for (const score of [0, 1, -0, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, null, "1"]) out.push({ ...result, score }, { ...notApplicable, score });
  for (const passed of [true, false, null, 0]) out.push({ ...result, score: null, passed }, { ...notApplicable, passed });
  for (const applicable of [true, false, 1]) out.push({ ...result, applicable }, { ...notApplicable, applicable });
  for (const explanation of ["", 3, null]) out.push({ ...result, explanation });
  const findings: unknown[] = [
    { ...finding, severity: "fatal" },
    { ...finding, path: undefined },
    { ...finding, evidence: 3 },
    { message: "m", check: "c", severity: "info" },
    { check: "c", severity: "info", message: "m", path: "p" },
    { ...finding, more: true },
    { check: "c", severity: "minor" },
    Object.assign(Object.create({ inherited: 1 }), finding),
    null,
    "finding",
  ];
  for (const item of findings) out.push({ ...result, findings: [item] });
  out.push({ ...result, findings: [finding, , finding] }, { ...result, measuredBy: ["a", 3] }, { ...result, measuredBy: "a" }, { ...result, findings: {} });
  class Result {
    score = 1;
    passed = true;
    applicable = true;
    explanation = "x";
    findings = [];
  }
  out.push(new Result(), null, [], "result", Object.assign(Object.create(null), result));
  return out;
}

describe("validateJudgeResult", () => {
  it("answers exactly as the schema does: the same verdict, and an equal result key for key", () => {
    for (const value of variants()) {
      const parsed = judgeResultSchema.safeParse(value);
      const validated = validateJudgeResult(value);
      expect(validated.ok, JSON.stringify(value)).toBe(parsed.success);
      if (validated.ok && parsed.success) {
        expect(validated.result).toStrictEqual(parsed.data);
        expect(JSON.stringify(validated.result)).toBe(JSON.stringify(parsed.data));
      }
    }
  });

  it("keeps a result already in the schema's shape as it is, without a copy", () => {
    for (const value of [result, notApplicable]) {
      const validated = validateJudgeResult(value);
      expect(validated.ok && validated.result).toBe(value);
    }
  });
});
