import type { ViewMode } from "@/lib/judging/judges/types";
import type { RunMode } from "@/lib/runs/schemas/runs";

/**
 * The views a call is judged in, with the meaning runs give the modes (plan-evaluations.ts):
 * "auto" is hindsight when the call has a response, immediate otherwise; "both" is both.
 * Hindsight on a call without a response is still listed: it becomes a not-applicable result
 * that says why, rather than silently vanishing from the counts.
 */
export function modesFor(mode: RunMode, hasResponse: boolean): ViewMode[] {
  switch (mode) {
    case "auto":
      return [hasResponse ? "hindsight" : "immediate"];
    case "both":
      return ["immediate", "hindsight"];
    default:
      return [mode];
  }
}
