import { formatPercent, plural } from "@/lib/platform/format";
import Link from "next/link";
import { cellKey, type RunGroup } from "@/lib/runs/results/run-groups";

export interface RunGroupColumn {
  criterionId: string;
  mode: string;
  /** "Passes if · every identifier" (and the mode when the run has two). */
  label: string;
  text: string;
  continuous: boolean;
}

interface Props {
  /** "model", "task", "tag", "outcome" or "tool", as the table's caption says it. */
  fieldLabel: string;
  groups: RunGroup[];
  more: number;
  columns: RunGroupColumn[];
  /** The run's calls filtered to a group, for its link; null for the group without a value. */
  hrefFor: (key: string) => string;
  /** How a group's key reads ("success" → "Success"). */
  keyLabel: (key: string | null) => string;
}

const percent = (value: number) => formatPercent(value);

/** Lower pass rates stand out, so the groups where failures concentrate are read first. */
function rateClass(rate: number): string {
  if (rate < 0.5) return "bg-rose-50 text-rose-800";
  if (rate < 0.8) return "bg-amber-50 text-amber-900";
  return "";
}

/** Per group of the run's transcripts or calls: how many calls, and each criterion's pass rate (and mean score) on them. */
export function RunGroupsTable({ fieldLabel, groups, more, columns, hrefFor, keyLabel }: Props) {
  // Grouped by outcome, every group's rate is 0% or 100%: the column would say nothing.
  const showSuccess = fieldLabel !== "outcome" && groups.some((group) => group.successRate !== null);
  const showReward = groups.some((group) => group.meanReward !== null);
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label={`Results by ${fieldLabel}`}>
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 capitalize">
              {fieldLabel}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Transcripts
            </th>
            {showSuccess ? (
              <th scope="col" className="px-3 py-2 text-right" title="Share of the group's transcripts with an outcome that succeeded">
                Success
              </th>
            ) : null}
            {showReward ? (
              <th scope="col" className="px-3 py-2 text-right" title="Mean of the recorded rewards of the group's transcripts">
                Mean reward
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 text-right">
              Calls
            </th>
            {columns.map((column) => (
              <th key={cellKey(column.criterionId, column.mode)} scope="col" className="max-w-48 px-3 py-2 font-medium" title={column.text}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.key ?? "\u0000none"} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {group.key === null ? (
                  <span className="text-slate-500">{keyLabel(null)}</span>
                ) : (
                  <Link href={hrefFor(group.key)} className="text-indigo-700 hover:underline">
                    {keyLabel(group.key)}
                  </Link>
                )}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{group.transcripts.toLocaleString("en-US")}</td>
              {showSuccess ? (
                <td className="px-3 py-2 text-right tabular-nums">
                  {group.successRate === null ? (
                    <span className="text-slate-400">–</span>
                  ) : (
                    <>
                      {percent(group.successRate)} <span className="text-xs text-slate-500">of {group.withOutcome.toLocaleString("en-US")}</span>
                    </>
                  )}
                </td>
              ) : null}
              {showReward ? (
                <td className="px-3 py-2 text-right tabular-nums">
                  {group.meanReward === null ? (
                    <span className="text-slate-400">–</span>
                  ) : (
                    <>
                      {group.meanReward.toFixed(2)} <span className="text-xs text-slate-500">of {group.rewarded.toLocaleString("en-US")}</span>
                    </>
                  )}
                </td>
              ) : null}
              <td className="px-3 py-2 text-right tabular-nums">{group.calls.toLocaleString("en-US")}</td>
              {columns.map((column) => {
                const cell = group.cells.get(cellKey(column.criterionId, column.mode));
                if (!cell || cell.passRate === null) {
                  return (
                    <td key={cellKey(column.criterionId, column.mode)} className="px-3 py-2 text-slate-400">
                      –
                    </td>
                  );
                }
                return (
                  <td key={cellKey(column.criterionId, column.mode)} className={`px-3 py-2 tabular-nums ${rateClass(cell.passRate)}`}>
                    {percent(cell.passRate)} <span className="text-xs text-slate-500">of {cell.verdicts.toLocaleString("en-US")}</span>
                    {column.continuous && cell.meanScore !== null ? <span className="block text-xs text-slate-500">mean {cell.meanScore.toFixed(2)}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <p className="px-3 py-2 text-xs text-slate-500">{plural(more, "smaller group")} not shown.</p> : null}
    </div>
  );
}
