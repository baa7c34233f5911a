import Link from "next/link";
import { CriterionKindBadge } from "@/components/criteria/criterion-kind-badge";
import { plural, formatPercent } from "@/lib/platform/format";
import { VerdictMiniBar } from "./results/verdict-mini-bar";

export interface SummaryCriterion {
  id: string;
  label: string;
  text: string;
  kind: string;
}

export interface SummaryStats {
  criterionId: string;
  mode: string;
  rate: number | null;
  passed: number;
  failed: number;
  notApplicable: number;
  errors: number;
  meanScore: number | null;
}

export interface SummaryFlips {
  calls: number;
  byCriterion: { criterionId: string; passToFail: number; failToPass: number; total: number }[];
}

interface Props {
  runId: string;
  criteria: SummaryCriterion[];
  /** Modes in display order (immediate before hindsight). */
  modes: string[];
  stats: SummaryStats[];
  /** Null unless the run judged in both modes. */
  flips: SummaryFlips | null;
}

const percent = (value: number | null) => formatPercent(value);
const cell = "px-3 py-2 tabular-nums";

/** Pass rate and mean score per criterion and mode, and how many verdicts hindsight turned around. */
export function RunSummary({ runId, criteria, modes, stats, flips }: Props) {
  const flipsHref = (criterionId?: string) => `/runs/${runId}?changed=1${criterionId ? `&criterion=${encodeURIComponent(criterionId)}` : ""}`;
  return (
    <section aria-labelledby="criteria-summary" className="mt-6">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="criteria-summary" className="text-lg font-semibold">
          Criteria
        </h2>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <Link href={`/runs/${encodeURIComponent(runId)}/charts`} className="text-sm font-medium text-indigo-700 hover:underline">
            Charts: distributions, pass rate by tool, flips
          </Link>
          {flips ? (
            <Link href={flipsHref()} className="text-sm font-medium text-violet-800 hover:underline" data-testid="flipped-calls">
              {plural(flips.calls, "call")} flipped between immediate and hindsight
            </Link>
          ) : null}
        </div>
      </div>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm" aria-label="Results per criterion">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">Criterion</th>
              <th scope="col" className="px-3 py-2">Mode</th>
              <th scope="col" className="px-3 py-2">Pass rate</th>
              <th scope="col" className="px-3 py-2">Mean score</th>
              <th scope="col" className="px-3 py-2">Passed</th>
              <th scope="col" className="px-3 py-2">Failed</th>
              <th scope="col" className="px-3 py-2">Not applicable</th>
              <th scope="col" className="px-3 py-2">Errors</th>
              {flips ? <th scope="col" className="px-3 py-2">Flipped</th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {criteria.flatMap((criterion) => {
              const rows = modes.flatMap((mode) => stats.filter((s) => s.criterionId === criterion.id && s.mode === mode));
              const flip = flips?.byCriterion.find((f) => f.criterionId === criterion.id);
              return rows.map((s, index) => (
                <tr key={`${criterion.id}-${s.mode}`}>
                  {index === 0 ? (
                    <th scope="row" rowSpan={rows.length} className="px-3 py-2 text-left align-top font-normal">
                      <span className="mr-2" title={criterion.text}>
                        {criterion.label}
                      </span>
                      <CriterionKindBadge kind={criterion.kind} />
                    </th>
                  ) : null}
                  <td className="px-3 py-2">{s.mode}</td>
                  <td className={cell}>
                    <span className="inline-flex items-center gap-2">
                      <VerdictMiniBar label={`${criterion.label} · ${s.mode}`} passed={s.passed} failed={s.failed} notApplicable={s.notApplicable} errors={s.errors} />
                      {percent(s.rate)}
                    </span>
                  </td>
                  <td className={cell}>{s.meanScore === null ? "–" : s.meanScore.toFixed(2)}</td>
                  <td className={cell}>{s.passed}</td>
                  <td className={cell}>{s.failed}</td>
                  <td className={cell}>{s.notApplicable}</td>
                  <td className={`${cell} ${s.errors ? "text-rose-800" : ""}`}>{s.errors}</td>
                  {flips && index === 0 ? (
                    <td rowSpan={rows.length} className={`${cell} align-top`}>
                      {flip ? (
                        <Link href={flipsHref(criterion.id)} className="text-violet-800 hover:underline" aria-label={`${flip.total} flipped for ${criterion.label}: show them`}>
                          {flip.total}
                          <span className="ml-1 text-xs text-slate-600">
                            ({flip.passToFail} pass→fail, {flip.failToPass} fail→pass)
                          </span>
                        </Link>
                      ) : (
                        0
                      )}
                    </td>
                  ) : null}
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
