import { formatPercent } from "@/lib/platform/format";
import type { ChangeMark, CriterionTrend } from "@/lib/monitors/trends";

/** A value as charts and headers say it: a pass rate in percent, a mean score to two places. */
export function formatMeasure(value: number, measure: CriterionTrend["measure"]): string {
  return measure === "pass rate" ? formatPercent(value) : value.toFixed(2);
}

/** What a change mark says: "Model changed: gpt-4.1 → gpt-4.1-mini". */
export function describeChange(change: Pick<ChangeMark, "dimension" | "before" | "after">): string {
  const list = (values: string[]) => values.join(", ") || "none";
  return `${change.dimension === "model" ? "Model" : "Prompt version"} changed: ${list(change.before)} → ${list(change.after)}`;
}
