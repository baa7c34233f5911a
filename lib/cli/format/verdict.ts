import { isAgentResult, type CallResult, type EvalResult } from "@/lib/judging/engine/types";

/** A result in a few characters: `0.85`, `pass`, `fail`, `n/a`, `error`. */
export function verdictText(result: EvalResult): string {
  if (result.status === "error") return "error";
  if (result.status === "not-applicable") return "n/a";
  if (result.scale === "binary" && result.passed !== null) return result.passed ? "pass" : "fail";
  return result.score === null ? "n/a" : result.score.toFixed(2);
}

/**
 * Why one result fails the gate, or null: a failed verdict, a score below the threshold, or an
 * error. The same rule as gate(), applied to one call (junit marks these as failures or errors).
 */
export function resultProblem(result: EvalResult, failUnder: number | null): { kind: "error" | "failure"; message: string } | null {
  if (result.status === "error") return { kind: "error", message: result.error ?? "the evaluation failed" };
  if (result.status !== "done") return null;
  if (result.scale === "binary") return result.passed === false ? { kind: "failure", message: `the ${isAgentResult(result) ? "agent" : "call"} failed the criterion` } : null;
  if (failUnder !== null && result.score !== null && result.score + 1e-9 < failUnder) {
    return { kind: "failure", message: `score ${result.score.toFixed(2)} is below ${failUnder}` };
  }
  return null;
}

// The checks judge opens every explanation with what it measured; in a one-line summary the
// verdict that follows matters more (--verbose and the other formats keep the whole text).
const MEASURED_PREAMBLE = /^Measured [^.]*\)\.\s+/;

/** The most useful line about a result: its worst finding, else the explanation, else the error. */
export function headline(result: EvalResult): string {
  if (result.status === "error") return result.error ?? "the evaluation failed";
  const [worst] = result.findings;
  if (worst) {
    // Findings name their argument in the sentence already.
    const more = result.findings.length - 1;
    return `${worst.message}${more > 0 ? ` (+${more} more)` : ""}`;
  }
  return result.explanation.replace(MEASURED_PREAMBLE, "");
}

/** `#2 book_flight`. */
export function callLabel(result: Pick<CallResult, "callOrdinal" | "toolName">): string {
  return `#${result.callOrdinal} ${result.toolName}`;
}

/** `#2 book_flight` for a call's result, `agent` for a whole transcript's. */
export function resultLabel(result: EvalResult): string {
  return isAgentResult(result) ? "agent" : callLabel(result);
}

/** The view a call was judged in; a whole transcript for an agent-level result. */
export function viewLabel(result: EvalResult): string {
  return isAgentResult(result) ? "transcript" : result.mode;
}
