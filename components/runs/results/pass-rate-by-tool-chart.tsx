import { FEW_RESULTS, wilsonInterval } from "@/lib/runs/results/wilson";
import { count, percent } from "./chart-format";

export interface ToolPassRateView {
  tool: string;
  rate: number | null;
  passed: number;
  failed: number;
  notApplicable: number;
}

const pct = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * One bar per tool: the share of its judged results that passed, over the full width, with its
 * 95% interval as a whisker and the counts inside the track. A rate from under FEW_RESULTS
 * results is drawn muted: one pass of one is not as certain as 300 of 300. Labels are HTML, so a
 * long tool name wraps instead of being cut.
 */
export function PassRateByToolChart({ label, rows }: { label: string; rows: ToolPassRateView[] }) {
  const description = `${label}: ${rows
    .map((row) => {
      const judged = row.passed + row.failed;
      const interval = wilsonInterval(row.passed, judged);
      const range = interval ? `, 95% interval ${percent(interval.low)}–${percent(interval.high)}` : "";
      return `${row.tool} ${percent(row.rate)} (${count(row.passed)} of ${count(judged)} passed${range}${row.notApplicable ? `, ${count(row.notApplicable)} not applicable` : ""})`;
    })
    .join("; ")}.`;
  return (
    <figure role="img" aria-label={description} className="w-full">
      <ul className="space-y-1.5" aria-hidden="true">
        {rows.map((row) => {
          const judged = row.passed + row.failed;
          const interval = wilsonInterval(row.passed, judged);
          const few = judged < FEW_RESULTS;
          const tone = row.rate !== null && row.rate >= 0.5 ? "bg-emerald-500" : "bg-rose-400";
          return (
            <li key={row.tool} className="grid grid-cols-[minmax(8rem,14rem)_1fr_minmax(9rem,auto)] items-center gap-3" data-testid="tool-rate">
              <span className="break-all font-mono text-xs text-slate-800" title={row.tool}>
                {row.tool}
              </span>
              <span className="relative block h-6 rounded bg-slate-100">
                <span
                  className={`absolute inset-y-0 left-0 rounded ${tone} ${few ? "opacity-40" : ""}`}
                  style={{ width: pct(row.rate ?? 0) }}
                  data-few={few ? "true" : undefined}
                />
                {interval ? (
                  <span
                    className="absolute inset-y-1.5 border-x-2 border-slate-700/70"
                    style={{ left: pct(interval.low), width: pct(interval.high - interval.low) }}
                    title={`95% interval ${percent(interval.low)}–${percent(interval.high)}`}
                  >
                    <span className="absolute inset-x-0 top-1/2 border-t-2 border-slate-700/70" />
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap text-xs text-slate-800" data-testid="tool-rate-count">
                {percent(row.rate)} ({count(row.passed)}/{count(judged)}){row.notApplicable ? ` · ${count(row.notApplicable)} n/a` : ""}
                {few ? <span className="text-slate-500"> · few</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
      <figcaption className="mt-2 text-xs text-slate-600">
        The line over each bar is its 95% interval (Wilson); bars from fewer than {FEW_RESULTS} results are pale.
      </figcaption>
    </figure>
  );
}
