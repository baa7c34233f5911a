import type { Severity } from "../types";

/** The small, visible vocabulary a criterion is mapped onto. */
export type Topic =
  | "tool-selection"
  | "parameter-accuracy"
  | "fabrication"
  | "errors"
  | "redundancy"
  | "repeated-read"
  | "use-of-results"
  | "safety"
  | "confirmation"
  | "protocol"
  | "reference";

/** One problem a check found. `penalty` (0..1) is how much it lowers the call's quality. */
export interface CheckHit {
  severity: Severity;
  penalty: number;
  path?: string;
  message: string;
  evidence?: string;
  /**
   * The topics this hit speaks to, when narrower than its check's: a tool that rejected a call
   * for a transient reason (a timeout) shows an error, not a wrong choice of tool or arguments.
   */
  topics?: readonly Topic[];
}
