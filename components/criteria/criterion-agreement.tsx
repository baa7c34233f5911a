import { JudgeAgreementTable, type JudgeAgreementView } from "@/components/runs/results/judge-agreement-table";
import { plural, formatPercent } from "@/lib/platform/format";

const percent = (value: number) => formatPercent(value);

/**
 * A criterion's judge agreement with people across every run, folded away under one line
 * ("12 reviewed · people agreed with the judge 75% of the time") so the list stays compact.
 */
export function CriterionAgreement({ rows, criterionLabel }: { rows: JudgeAgreementView[]; criterionLabel: string }) {
  const reviewed = rows.reduce((sum, row) => sum + row.reviewed, 0);
  const agreed = rows.reduce((sum, row) => sum + row.agreed, 0);
  const decided = agreed + rows.reduce((sum, row) => sum + row.disagreed, 0);
  return (
    <details className="mt-2 text-sm" data-testid="criterion-agreement">
      <summary className="cursor-pointer text-xs text-slate-700">
        Judge agreement: {plural(reviewed, "result")} reviewed by people
        {decided > 0 ? ` · agreed with the judge ${percent(agreed / decided)} of the time` : ""}
        {rows.length > 1 ? ` · ${rows.length} judges` : ""}
      </summary>
      <div className="mt-2">
        <JudgeAgreementTable rows={rows} label={`Judge agreement with people on ${criterionLabel}`} showCriterion={false} />
      </div>
    </details>
  );
}
