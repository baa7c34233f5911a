import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { EvaluationStatus } from "@/lib/runs/schemas/runs";
import { finite } from "./finite";
import { findingsDiff, type FindingsDiff } from "./findings-diff";
import type { ModeResult } from "./mode-result";
import { passes } from "./verdict";

/** A side's status, or "missing" when the run has no result for that mode (e.g. an immediate-only run). */
export type SideStatus = EvaluationStatus | "missing";

export type ApplicabilityChange =
  /** Judged immediately; the run has no hindsight result. */
  | "immediate-only"
  /** Judged in hindsight; the run has no immediate result. */
  | "hindsight-only"
  /** Not applicable immediately, judged in hindsight. */
  | "became-applicable"
  /** Judged immediately, not applicable in hindsight. */
  | "became-not-applicable";

export type IncompleteReason =
  | "error"
  /** A done row without the value its scale needs (a score, or a verdict for binary criteria). */
  | "invalid"
  | "running"
  | "pending";

export type ModeComparison =
  | {
      kind: "continuous";
      /** Immediate score. */
      from: number;
      /** Hindsight score. */
      to: number;
      /** to − from, rounded to 9 decimals (see `roundDelta`). */
      delta: number;
      /** "up" when hindsight scored higher. */
      direction: "up" | "down" | "same";
      /** The score crossed PASS_THRESHOLD (0.5) one way or the other. */
      flipped: boolean;
      findings: FindingsDiff;
    }
  | { kind: "binary"; from: boolean; to: boolean; flipped: boolean; findings: FindingsDiff }
  | {
      kind: "applicability";
      change: ApplicabilityChange;
      /** The side that was judged: its mode, score (null for a binary verdict without one) and verdict. */
      judged: { mode: ViewMode; score: number | null; passed: boolean };
      /** Relative to the side that was not judged, which has none: all added or all removed. */
      findings: FindingsDiff;
    }
  /** Neither side was judged: not applicable in both, or not applicable and missing, or no results. */
  | { kind: "not-judged"; immediate: "not-applicable" | "missing"; hindsight: "not-applicable" | "missing" }
  /** Some side has no final result yet (or a broken one); nothing is compared until it has. */
  | { kind: "incomplete"; reason: IncompleteReason; immediate: SideStatus; hindsight: SideStatus };

type Side =
  | { state: "missing" }
  | { state: "not-applicable" }
  | { state: "unsettled"; reason: IncompleteReason }
  | { state: "judged"; score: number | null; passed: boolean; result: ModeResult };

function side(result: ModeResult | null, scale: CriterionScale): Side {
  if (!result) return { state: "missing" };
  switch (result.status) {
    case "not-applicable":
      return { state: "not-applicable" };
    case "pending":
    case "running":
    case "error":
      return { state: "unsettled", reason: result.status };
    case "done": {
      const score = finite(result.score);
      const passed = passes(scale, score, result.passed);
      // A continuous comparison needs both scores; a binary one only the verdicts.
      if (passed === null || (scale === "continuous" && score === null)) return { state: "unsettled", reason: "invalid" };
      return { state: "judged", score, passed, result };
    }
  }
}

// The worst reason wins: an error needs a retry, whatever the other side is doing.
const REASON_ORDER: readonly IncompleteReason[] = ["error", "invalid", "running", "pending"];

/**
 * Delta rounded to 9 decimals: tables filter on the stored delta with thresholds people type
 * ("moved by 0.1 or more"), and 0.7 − 0.6 is 0.09999999999999998 in floating point.
 */
export function roundDelta(delta: number): number {
  const rounded = Math.round(delta * 1e9) / 1e9;
  return rounded === 0 ? 0 : rounded; // no -0 in storage or display
}

/**
 * How the hindsight result of a call and criterion differs from the immediate one. Which variant
 * comes back depends only on the two statuses (and, for done rows, on whether they hold the
 * value the scale needs); `scale` chooses between a numeric and a verdict comparison.
 */
export function compareModes(immediate: ModeResult | null, hindsight: ModeResult | null, scale: CriterionScale): ModeComparison {
  const before = side(immediate, scale);
  const after = side(hindsight, scale);
  if (before.state === "unsettled" || after.state === "unsettled") {
    const reasons = [before, after].flatMap((s) => (s.state === "unsettled" ? [s.reason] : []));
    const reason = REASON_ORDER.find((candidate) => reasons.includes(candidate)) ?? "pending";
    return { kind: "incomplete", reason, immediate: immediate?.status ?? "missing", hindsight: hindsight?.status ?? "missing" };
  }
  if (before.state === "judged" && after.state === "judged") {
    const findings = findingsDiff(before.result.findings, after.result.findings);
    const flipped = before.passed !== after.passed;
    if (scale === "binary") return { kind: "binary", from: before.passed, to: after.passed, flipped, findings };
    const from = before.score as number;
    const to = after.score as number;
    const delta = roundDelta(to - from);
    const direction = delta > 0 ? "up" : delta < 0 ? "down" : "same";
    // For continuous scores the verdicts are score >= 0.5, so a flip is crossing that line.
    return { kind: "continuous", from, to, delta, direction, flipped, findings };
  }
  if (before.state === "judged") {
    const change = after.state === "missing" ? "immediate-only" : "became-not-applicable";
    return { kind: "applicability", change, judged: { mode: "immediate", score: before.score, passed: before.passed }, findings: findingsDiff(before.result.findings, []) };
  }
  if (after.state === "judged") {
    const change = before.state === "missing" ? "hindsight-only" : "became-applicable";
    return { kind: "applicability", change, judged: { mode: "hindsight", score: after.score, passed: after.passed }, findings: findingsDiff([], after.result.findings) };
  }
  return { kind: "not-judged", immediate: before.state, hindsight: after.state };
}
