import type { SettledJudgeCall } from "@/lib/judging/engine/judge-call";

/** What a settled judge call puts into a CLI result, for calls and agents alike. */
export function outcomeFields(outcome: SettledJudgeCall) {
  if (outcome.status === "error") {
    return { status: "error" as const, score: null, passed: null, explanation: "", findings: [], error: outcome.error, errorKind: outcome.errorKind, cached: false };
  }
  const { result } = outcome;
  return {
    status: outcome.status,
    score: result.score,
    passed: result.passed,
    explanation: result.explanation,
    findings: result.findings,
    ...(result.measuredBy ? { measuredBy: result.measuredBy } : {}),
    cached: outcome.cached,
  };
}
