import { describe, expect, it } from "vitest";
import { exportVerdict } from "./export-verdict";

describe("an exported result's passed", () => {
  it("is a pass/fail judge's own verdict", () => {
    expect(exportVerdict({ status: "done", score: 0, passed: false }, "binary")).toEqual({ passed: false, passed_from: "judge" });
    expect(exportVerdict({ status: "done", score: null, passed: true }, "binary")).toEqual({ passed: true, passed_from: "judge" });
  });

  it("is filled for a score by the threshold the pages use, and says so", () => {
    expect(exportVerdict({ status: "done", score: 0.5, passed: null }, "continuous")).toEqual({ passed: true, passed_from: "score >= 0.5" });
    expect(exportVerdict({ status: "done", score: 0.49, passed: null }, "continuous")).toEqual({ passed: false, passed_from: "score >= 0.5" });
    expect(exportVerdict({ status: "done", score: 1, passed: null }, "binary")).toEqual({ passed: true, passed_from: "score >= 0.5" });
  });

  it("is empty for a result without a verdict", () => {
    expect(exportVerdict({ status: "not-applicable", score: null, passed: null }, "continuous")).toEqual({ passed: null, passed_from: null });
    expect(exportVerdict({ status: "error", score: null, passed: null }, "binary")).toEqual({ passed: null, passed_from: null });
    expect(exportVerdict({ status: "done", score: null, passed: null }, "continuous")).toEqual({ passed: null, passed_from: null });
  });
});
