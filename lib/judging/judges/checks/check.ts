import type { Severity, ViewMode } from "../types";
import type { CallContext } from "./context";
import type { CheckHit, Topic } from "./hit";

export type { CheckHit, Topic } from "./hit";

/** What a check is, without how it runs: enough to say which checks measure a criterion, in any bundle. */
export type CheckInfo = Pick<Check, "id" | "title" | "views" | "topics" | "explanation">;

export interface Check {
  id: string;
  title: string;
  /** Typical severity; a hit may be milder or worse. */
  severity: Severity;
  views: readonly ViewMode[];
  topics: readonly Topic[];
  /** What the check detects and from what, shown to users next to its findings. */
  explanation: string;
  /**
   * Why the check cannot measure this call (no request to compare with, no answer after the
   * response), or null when it can. A check without it always measures. A criterion none of whose
   * checks can measure a call is not applicable to it.
   */
  unmeasurable?(context: CallContext): string | null;
  run(context: CallContext): CheckHit[];
}

/**
 * Penalties by severity, for checks whose hits have a fixed strength. A major or critical hit
 * alone takes a call's quality below the pass line (0.5): it is evidence the call is wrong. A
 * minor one is a doubt that grades the score; several compound.
 */
export const PENALTY: Record<Severity, number> = { critical: 0.9, major: 0.6, minor: 0.25, info: 0.02 };

export function severityFor(penalty: number): Severity {
  if (penalty >= 0.8) return "critical";
  if (penalty > 0.5) return "major";
  if (penalty >= 0.1) return "minor";
  return "info";
}

export const BOTH_VIEWS: readonly ViewMode[] = ["immediate", "hindsight"];
export const HINDSIGHT_ONLY: readonly ViewMode[] = ["hindsight"];
