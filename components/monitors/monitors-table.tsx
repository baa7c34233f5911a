import { formatPercent } from "@/lib/platform/format";
import Link from "next/link";
import { Sparkline } from "./sparkline";

export interface MonitorRow {
  id: string;
  name: string;
  /** The filter in words (describeFilter). */
  filter: string;
  criteria: number;
  /** The first criterion's short name and measure, which the sparkline draws. */
  firstCriterion: { label: string; measure: string } | null;
  judgeId: string;
  mode: string;
  sample: number;
  paused: boolean;
  rules: number;
  firing: number;
  run: { total: number; done: number; errors: number };
  waiting: number;
  sparkline: (number | null)[];
}

const count = (value: number) => value.toLocaleString("en-US");

function State({ monitor }: { monitor: MonitorRow }) {
  return (
    <div className="space-y-1 text-xs">
      {monitor.firing ? (
        <span className="inline-block whitespace-nowrap rounded-full bg-rose-600 px-2 py-0.5 font-semibold text-white">{monitor.firing === 1 ? "1 alert firing" : `${monitor.firing} alerts firing`}</span>
      ) : monitor.rules ? (
        <span className="inline-block whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-800">No alert firing</span>
      ) : (
        <span className="text-slate-600">No alert rules</span>
      )}
      {monitor.paused ? <span className="block font-medium text-amber-800">Paused</span> : null}
    </div>
  );
}

const HEADERS = ["Monitor", "State", "Last 24 h", "Criteria", "Judging", "Results"];

/**
 * Every monitor, firing ones marked. A team keeps a handful, so one plain table, no paging; it
 * scrolls inside its frame on a narrow screen, never the page.
 */
export function MonitorsTable({ rows }: { rows: MonitorRow[] }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label="Monitors" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 text-left align-bottom font-medium text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((monitor) => (
            <tr key={monitor.id} className={monitor.firing ? "bg-rose-50" : "hover:bg-slate-50"}>
              <td className="px-3 py-2 align-top">
                <div className="min-w-40 max-w-64 space-y-0.5">
                  <Link href={`/monitors/${monitor.id}`} className="font-medium text-indigo-700 hover:underline">
                    {monitor.name}
                  </Link>
                  <div className="break-words text-xs text-slate-600">{monitor.filter}</div>
                </div>
              </td>
              <td className="px-3 py-2 align-top">
                <State monitor={monitor} />
              </td>
              <td className="px-3 py-2 align-top">
                {monitor.firstCriterion ? (
                  <div className="space-y-0.5">
                    <Sparkline values={monitor.sparkline} label={`${monitor.firstCriterion.label} (${monitor.firstCriterion.measure})`} />
                    <div className="max-w-32 truncate text-xs text-slate-500" title={monitor.firstCriterion.label}>
                      {monitor.firstCriterion.measure}
                    </div>
                  </div>
                ) : (
                  "–"
                )}
              </td>
              <td className="px-3 py-2 align-top tabular-nums">{monitor.criteria}</td>
              <td className="px-3 py-2 align-top text-xs">
                <div className="font-mono">{monitor.judgeId}</div>
                <div className="text-slate-600">
                  {monitor.mode} · sample {formatPercent(monitor.sample)}
                </div>
              </td>
              <td className="px-3 py-2 align-top">
                <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs tabular-nums">
                  <dt className="text-slate-600">judged</dt>
                  <dd>
                    {count(monitor.run.done)}/{count(monitor.run.total)}
                  </dd>
                  <dt className={monitor.run.errors ? "text-rose-900" : "text-slate-600"}>errors</dt>
                  <dd>{count(monitor.run.errors)}</dd>
                  <dt className="text-slate-600">waiting</dt>
                  <dd>{count(monitor.waiting)}</dd>
                </dl>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
