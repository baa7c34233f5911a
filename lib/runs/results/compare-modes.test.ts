import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/judging/judges/types";
import type { EvaluationStatus } from "@/lib/runs/schemas/runs";
import { compareModes, roundDelta, type ModeComparison } from "./compare-modes";
import type { ModeResult } from "./mode-result";

const finding = (check: string, message = check): Finding => ({ check, severity: "minor", message });
const done = (score: number | null, passed: boolean | null = null, findings: Finding[] = []): ModeResult => ({ status: "done", score, passed, explanation: "because", findings });
const status = (value: EvaluationStatus): ModeResult => ({ status: value, score: null, passed: null, explanation: null, findings: [] });
const na = status("not-applicable");

const expectKind = <K extends ModeComparison["kind"]>(comparison: ModeComparison, kind: K) => {
  expect(comparison.kind).toBe(kind);
  return comparison as Extract<ModeComparison, { kind: K }>;
};

describe("compareModes: continuous", () => {
  it("gives the delta hindsight minus immediate, with its direction", () => {
    expect(compareModes(done(0.3), done(0.8), "continuous")).toEqual({
      kind: "continuous",
      from: 0.3,
      to: 0.8,
      delta: 0.5,
      direction: "up",
      flipped: true,
      findings: { added: [], removed: [], unchanged: [] },
    });
    const down = expectKind(compareModes(done(0.9), done(0.6), "continuous"), "continuous");
    expect(down).toMatchObject({ delta: -0.3, direction: "down", flipped: false });
  });

  it("is the same, not flipped, for equal scores", () => {
    expect(compareModes(done(0.7), done(0.7), "continuous")).toMatchObject({ kind: "continuous", delta: 0, direction: "same", flipped: false });
  });

  it("rounds floating-point noise out of the delta", () => {
    const comparison = expectKind(compareModes(done(0.6), done(0.7), "continuous"), "continuous");
    expect(comparison.delta).toBe(0.1);
    expect(roundDelta(0.3 - 0.1 - 0.2)).toBe(0);
    expect(Object.is(roundDelta(-1e-12), 0)).toBe(true);
  });

  it("counts crossing 0.5 as a flip, with 0.5 itself passing", () => {
    expect(compareModes(done(0.49), done(0.5), "continuous")).toMatchObject({ flipped: true, direction: "up" });
    expect(compareModes(done(0.5), done(0.49), "continuous")).toMatchObject({ flipped: true, direction: "down" });
    expect(compareModes(done(0.1), done(0.49), "continuous")).toMatchObject({ flipped: false });
    expect(compareModes(done(0.5), done(1), "continuous")).toMatchObject({ flipped: false });
  });

  it("diffs the findings of the two sides", () => {
    const comparison = expectKind(compareModes(done(0.4, null, [finding("a"), finding("b")]), done(0.4, null, [finding("b", "reworded"), finding("c")]), "continuous"), "continuous");
    expect(comparison.findings.removed).toEqual([finding("a")]);
    expect(comparison.findings.added).toEqual([finding("c")]);
    expect(comparison.findings.unchanged).toEqual([{ before: finding("b"), after: finding("b", "reworded") }]);
  });

  it("treats a done row without a finite score as invalid", () => {
    expect(compareModes(done(null, true), done(0.5), "continuous")).toEqual({ kind: "incomplete", reason: "invalid", immediate: "done", hindsight: "done" });
    expect(compareModes(done(0.5), done(Number.NaN), "continuous")).toMatchObject({ kind: "incomplete", reason: "invalid" });
  });
});

describe("compareModes: binary", () => {
  it("reports a flip from pass to fail and back", () => {
    expect(compareModes(done(1, true), done(0, false), "binary")).toEqual({ kind: "binary", from: true, to: false, flipped: true, findings: { added: [], removed: [], unchanged: [] } });
    expect(compareModes(done(0, false), done(1, true), "binary")).toMatchObject({ kind: "binary", from: false, to: true, flipped: true });
  });

  it("reports no flip when the verdict holds", () => {
    expect(compareModes(done(1, true), done(1, true), "binary")).toMatchObject({ kind: "binary", flipped: false });
    expect(compareModes(done(0, false), done(0, false), "binary")).toMatchObject({ kind: "binary", flipped: false });
  });

  it("reads the verdict from the score when `passed` is missing", () => {
    expect(compareModes(done(1), done(0, false), "binary")).toMatchObject({ kind: "binary", from: true, to: false, flipped: true });
  });

  it("has no delta even when scores differ", () => {
    expect(compareModes(done(1, true), done(0, false), "binary")).not.toHaveProperty("delta");
  });

  it("treats a done row with neither verdict nor score as invalid", () => {
    expect(compareModes(done(null, null), done(1, true), "binary")).toMatchObject({ kind: "incomplete", reason: "invalid" });
  });
});

describe("compareModes: applicability", () => {
  it("immediate only: the run has no hindsight result", () => {
    expect(compareModes(done(0.7, null, [finding("a")]), null, "continuous")).toEqual({
      kind: "applicability",
      change: "immediate-only",
      judged: { mode: "immediate", score: 0.7, passed: true },
      findings: { added: [], removed: [finding("a")], unchanged: [] },
    });
  });

  it("hindsight only: the run has no immediate result", () => {
    expect(compareModes(null, done(0, false, [finding("b")]), "binary")).toEqual({
      kind: "applicability",
      change: "hindsight-only",
      judged: { mode: "hindsight", score: 0, passed: false },
      findings: { added: [finding("b")], removed: [], unchanged: [] },
    });
  });

  it("became not applicable in hindsight", () => {
    expect(compareModes(done(0.2), na, "continuous")).toMatchObject({ kind: "applicability", change: "became-not-applicable", judged: { mode: "immediate", score: 0.2, passed: false } });
  });

  it("became applicable in hindsight", () => {
    expect(compareModes(na, done(null, true), "binary")).toMatchObject({ kind: "applicability", change: "became-applicable", judged: { mode: "hindsight", score: null, passed: true } });
  });
});

describe("compareModes: nothing judged", () => {
  it("covers n/a on both sides, n/a beside a missing side, and no results at all", () => {
    expect(compareModes(na, na, "binary")).toEqual({ kind: "not-judged", immediate: "not-applicable", hindsight: "not-applicable" });
    expect(compareModes(na, null, "continuous")).toEqual({ kind: "not-judged", immediate: "not-applicable", hindsight: "missing" });
    expect(compareModes(null, na, "continuous")).toEqual({ kind: "not-judged", immediate: "missing", hindsight: "not-applicable" });
    expect(compareModes(null, null, "binary")).toEqual({ kind: "not-judged", immediate: "missing", hindsight: "missing" });
  });
});

describe("compareModes: incomplete", () => {
  it("waits while either side is pending or running, whatever the other side is", () => {
    expect(compareModes(done(0.5), status("pending"), "continuous")).toEqual({ kind: "incomplete", reason: "pending", immediate: "done", hindsight: "pending" });
    expect(compareModes(status("running"), null, "binary")).toEqual({ kind: "incomplete", reason: "running", immediate: "running", hindsight: "missing" });
    expect(compareModes(na, status("pending"), "binary")).toMatchObject({ kind: "incomplete", reason: "pending" });
  });

  it("reports the worst reason: error, then invalid, then running, then pending", () => {
    expect(compareModes(status("error"), done(1, true), "binary")).toMatchObject({ kind: "incomplete", reason: "error" });
    expect(compareModes(status("pending"), status("error"), "binary")).toMatchObject({ reason: "error" });
    expect(compareModes(done(null), status("running"), "continuous")).toMatchObject({ reason: "invalid" });
    expect(compareModes(status("pending"), status("running"), "continuous")).toMatchObject({ reason: "running" });
  });

  it("does not compare an errored row even if it still holds values", () => {
    const errored: ModeResult = { ...done(0.9, null, [finding("a")]), status: "error" };
    expect(compareModes(errored, done(0.1), "continuous")).toMatchObject({ kind: "incomplete", reason: "error" });
  });
});

describe("compareModes: output", () => {
  it("never yields NaN", () => {
    const values = [null, Number.NaN, Number.POSITIVE_INFINITY, 0, 0.5, 1];
    for (const a of values) {
      for (const b of values) {
        for (const scale of ["continuous", "binary"] as const) {
          const text = JSON.stringify(compareModes(done(a), done(b), scale), (_key, value: unknown) => (typeof value === "number" && !Number.isFinite(value) ? "BAD" : value));
          expect(text).not.toContain("BAD");
        }
      }
    }
  });
});
