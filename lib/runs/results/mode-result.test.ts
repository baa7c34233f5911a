import { describe, expect, it } from "vitest";
import { EVALUATION_STATUSES } from "@/lib/runs/schemas/runs";
import { modeResultFromRow, parseFindings } from "./mode-result";

const finding = { check: "schema-violation", severity: "major", path: "city", message: "city is required" };

describe("parseFindings", () => {
  it("keeps well-formed findings, optional fields included", () => {
    const withEvidence = { ...finding, evidence: '"" vs required' };
    expect(parseFindings([finding, withEvidence])).toEqual([finding, withEvidence]);
  });

  it("drops entries that no longer fit and reads non-arrays as none", () => {
    expect(parseFindings([finding, { check: "x" }, null, 3, { ...finding, severity: "fatal" }])).toEqual([finding]);
    expect(parseFindings(null)).toEqual([]);
    expect(parseFindings({ 0: finding })).toEqual([]);
    expect(parseFindings("[]")).toEqual([]);
  });
});

describe("modeResultFromRow", () => {
  it("keeps every known status and parses the findings", () => {
    for (const status of EVALUATION_STATUSES) {
      expect(modeResultFromRow({ status, score: 0.5, passed: null, explanation: "why", findings: [finding] })).toEqual({
        status,
        score: 0.5,
        passed: null,
        explanation: "why",
        findings: [finding],
      });
    }
  });

  it("reads an unknown status as an error", () => {
    expect(modeResultFromRow({ status: "queued", score: null, passed: null, explanation: null, findings: null }).status).toBe("error");
  });
});
