import type { CriterionOutcome, OutcomeSide, Separation } from "@/lib/runs/results/outcome-separation";

export interface OutcomeVerdictRow extends CriterionOutcome {
  criterionLabel: string;
  criterionText: string;
  /** The run's calls of failed transcripts, filtered to this criterion and mode's failing verdicts. */
  failedHref: string;
}

const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 100)}%`);
const score = (value: number | null) => (value === null ? "–" : value.toFixed(2));

function SideCells({ side, label }: { side: OutcomeSide; label: string }) {
  return (
    <>
      <td className="px-3 py-2 tabular-nums" data-testid={`${label}-pass-rate`}>
        {percent(side.passRate)} <span className="text-xs text-slate-500">of {side.verdicts.toLocaleString("en-US")}</span>
      </td>
      <td className="px-3 py-2 tabular-nums">{score(side.meanScore)}</td>
    </>
  );
}

/** How well the AUC reads, in words: chance, weak, fair, strong, or inverted. */
function strength(auc: number): string {
  if (auc < 0.45) return "inverted: failures score higher";
  if (auc < 0.6) return "no better than chance";
  if (auc < 0.7) return "weak";
  if (auc < 0.8) return "fair";
  return "strong";
}

function SeparationCell({ separation }: { separation: Separation }) {
  const counts = `${separation.successful} successful, ${separation.failed} failed`;
  if (separation.kind === "not-enough-data") {
    return (
      <td className="px-3 py-2 text-slate-500" data-testid="separation">
        Not enough data <span className="text-xs">({counts}; needs {separation.needed} of each)</span>
      </td>
    );
  }
  return (
    <td className="px-3 py-2" data-testid="separation">
      <span className="font-medium tabular-nums">AUC {separation.auc.toFixed(2)}</span> <span className="text-xs text-slate-500">{strength(separation.auc)} · {counts}</span>
    </td>
  );
}

/** Per criterion and mode: verdicts on successful vs failed transcripts, and how well the lowest call score tells them apart. */
export function OutcomeVerdictsTable({ rows }: { rows: OutcomeVerdictRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label="Verdicts against outcome">
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" rowSpan={2} className="px-3 py-2">
              Criterion
            </th>
            <th scope="col" rowSpan={2} className="px-3 py-2">
              Mode
            </th>
            <th scope="colgroup" colSpan={2} className="px-3 pt-2 text-emerald-800">
              Successful transcripts
            </th>
            <th scope="colgroup" colSpan={2} className="px-3 pt-2 text-rose-800">
              Failed transcripts
            </th>
            <th scope="col" rowSpan={2} className="px-3 py-2" title="ROC AUC of each transcript's lowest call score against its outcome: 0.5 is chance, 1 separates perfectly">
              Lowest score separates outcomes
            </th>
          </tr>
          <tr className="text-xs text-slate-600">
            <th scope="col" className="px-3 pb-2">Pass rate</th>
            <th scope="col" className="px-3 pb-2">Mean score</th>
            <th scope="col" className="px-3 pb-2">Pass rate</th>
            <th scope="col" className="px-3 pb-2">Mean score</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.criterionId}\u0000${row.mode}`}>
              <td className="max-w-xs px-3 py-2" title={row.criterionText}>
                <a href={row.failedHref} className="text-indigo-700 hover:underline" title="Failing calls of failed transcripts">
                  {row.criterionLabel}
                </a>
              </td>
              <td className="px-3 py-2">{row.mode}</td>
              <SideCells side={row.successful} label="successful" />
              <SideCells side={row.failed} label="failed" />
              <SeparationCell separation={row.separation} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
