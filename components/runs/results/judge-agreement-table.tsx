import { formatPercent } from "@/lib/platform/format";
import type { JudgeAgreement } from "@/lib/review/agreement";
import { ConfusionMatrix } from "./confusion-matrix";
import { ScrollBox } from "@/components/ui/table/scroll-box";

/** One judge on one criterion, as people received it, with the criterion's words. */
export interface JudgeAgreementView extends JudgeAgreement {
  criterionLabel: string;
}

const percent = (value: number | null) => formatPercent(value);
const cell = "px-3 py-2 align-top tabular-nums";

/**
 * How often people agreed with each judge on each criterion: counts, the agreement rate over
 * decided verdicts (discussions left out), Cohen's kappa when it is defined, and the confusion
 * matrix of judge against human pass/fail. `showCriterion={false}` where the page already names it.
 */
export function JudgeAgreementTable({ rows, label, showCriterion = true }: { rows: JudgeAgreementView[]; label: string; showCriterion?: boolean }) {
  return (
    <ScrollBox label={label} className="rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-left">
          <tr>
            {showCriterion ? (
              <th scope="col" className="px-3 py-2">
                Criterion
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2">
              Judge
            </th>
            <th scope="col" className="px-3 py-2" title="Results with a human verdict: agreed, disagreed or marked for discussion">
              Reviewed
            </th>
            <th scope="col" className="px-3 py-2" title="Agreed, of the results people agreed or disagreed with (discussions left out)">
              Agreed
            </th>
            <th scope="col" className="px-3 py-2" title="Judge against human pass/fail, corrected for chance (Cohen's kappa)">
              Kappa
            </th>
            <th scope="col" className="px-3 py-2">
              Judge vs human
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.judgeId}\u0000${row.criterionId}`} data-testid="agreement-row">
              {showCriterion ? (
                <th scope="row" className="max-w-sm px-3 py-2 text-left align-top font-normal">
                  {row.criterionLabel}
                </th>
              ) : null}
              <td className="px-3 py-2 align-top font-mono text-xs">{row.judgeId}</td>
              <td className={cell}>
                {row.reviewed.toLocaleString("en-US")}
                <span className="block text-xs text-slate-500">
                  {row.disagreed.toLocaleString("en-US")} disagreed{row.discussed ? ` · ${row.discussed.toLocaleString("en-US")} to discuss` : ""}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap`} data-testid="human-agreement-rate">
                {percent(row.agreementRate)}{" "}
                <span className="text-xs text-slate-500">
                  ({row.agreed.toLocaleString("en-US")} of {(row.agreed + row.disagreed).toLocaleString("en-US")})
                </span>
              </td>
              <td className={cell}>{row.kappa === null ? "–" : row.kappa.toFixed(2)}</td>
              <td className="px-3 py-2">
                <ConfusionMatrix matrix={row.confusion} label={`Judge ${row.judgeId} against people on ${row.criterionLabel}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
