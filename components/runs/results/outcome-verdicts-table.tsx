import { formatPercent, plural } from "@/lib/platform/format";
import { aucInterval, type CriterionOutcome, type OutcomeSide, type Separation } from "@/lib/runs/results/outcome-separation";

export interface OutcomeVerdictRow extends CriterionOutcome {
  criterionLabel: string;
  criterionText: string;
  /** The run's calls (or agent-level results) of failed transcripts, filtered to this criterion and mode's failing verdicts. */
  failedHref: string;
  /** Judged once per transcript: the mode column says so. */
  agent: boolean;
}

const percent = (value: number | null) => formatPercent(value);
const score = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** The pass rate over what it counts: the calls of those transcripts, or the transcripts themselves for an agent-level criterion. */
function SideCells({ side, label, agent }: { side: OutcomeSide; label: string; agent: boolean }) {
  return (
    <>
      <td className="px-3 py-2 tabular-nums" data-testid={`${label}-pass-rate`}>
        {percent(side.passRate)} <span className="text-xs text-slate-500">of {plural(side.verdicts, agent ? "transcript" : "call")}</span>
      </td>
      <td className="px-3 py-2 tabular-nums">{score(side.meanScore)}</td>
    </>
  );
}

/** How well the AUC reads, in words: chance (also when its interval reaches 0.5), weak, fair, strong, or inverted. */
function strength(auc: number, interval: [number, number]): string {
  if (interval[0] <= 0.5 && interval[1] >= 0.5) return "no better than chance";
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
  const interval = aucInterval(separation.auc, separation.successful, separation.failed);
  return (
    <td className="px-3 py-2" data-testid="separation">
      <span className="font-medium tabular-nums">AUC {separation.auc.toFixed(2)}</span>{" "}
      <span className="text-xs tabular-nums text-slate-500" title="95% interval (Hanley and McNeil)">
        [{interval[0].toFixed(2)}, {interval[1].toFixed(2)}]
      </span>{" "}
      <span className="text-xs text-slate-500">
        {strength(separation.auc, interval)} · {counts}
      </span>
    </td>
  );
}

/** Per criterion and mode: verdicts on successful vs failed transcripts, and how well the lowest call score tells them apart. */
export function OutcomeVerdictsTable({ rows }: { rows: OutcomeVerdictRow[] }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
                <a href={row.failedHref} className="text-indigo-700 hover:underline" title={row.agent ? "Failing results of failed transcripts" : "Failing calls of failed transcripts"}>
                  {row.criterionLabel}
                </a>
              </td>
              <td className="px-3 py-2">{row.agent ? "whole transcript" : row.mode}</td>
              <SideCells side={row.successful} label="successful" agent={row.agent} />
              <SideCells side={row.failed} label="failed" agent={row.agent} />
              <SeparationCell separation={row.separation} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
