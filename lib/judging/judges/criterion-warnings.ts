import type { RunMode } from "@/lib/runs/schemas/runs";
import type { CheckInfo } from "./checks/check";
import { describeMeasurement, type JudgeChoice } from "./measured-by";

export interface CriterionWarning {
  /** Where the criterion is in the request: `criteria[1]`. */
  path: string;
  message: string;
}

/**
 * What the new-run form warns of before a run starts, for callers without the form (the runs
 * API): a criterion the judge cannot measure, or cannot measure in this mode, would fill the run
 * with "not applicable". The run still starts; the caller decides.
 */
export function criterionWarnings(judge: JudgeChoice, texts: readonly string[], mode: RunMode, catalogue: readonly CheckInfo[]): CriterionWarning[] {
  return texts.flatMap((text, index) => {
    const plan = describeMeasurement(judge, text, mode, catalogue);
    const message = plan.ok ? plan.warning : plan.message;
    return message ? [{ path: `criteria[${index}]`, message }] : [];
  });
}
