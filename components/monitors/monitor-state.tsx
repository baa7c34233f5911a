import { formatDateTime } from "@/lib/platform/format";
import { formatMeasure } from "./trend-words";

export interface RuleState {
  id: string;
  criterion: string;
  measure: "pass rate" | "mean score";
  direction: "below" | "above";
  threshold: number;
  /** "the last 10 judged results", "the last 1h". */
  window: string;
  state: "ok" | "firing";
  value: number | null;
  measuredAt: string | null;
}

/** The verdict first: is anything firing, and where each rule's value stands against its threshold. */
export function MonitorState({ rules, paused }: { rules: RuleState[]; paused: boolean }) {
  const firing = rules.filter((rule) => rule.state === "firing").length;
  return (
    <section aria-labelledby="monitor-state" className={`rounded-lg border p-4 ${firing ? "border-rose-300 bg-rose-50" : "border-slate-200 bg-white"}`}>
      <h2 id="monitor-state" className={`text-lg font-semibold ${firing ? "text-rose-900" : rules.length ? "text-emerald-900" : "text-slate-800"}`}>
        {firing ? `${firing === 1 ? "1 alert" : `${firing} alerts`} firing` : rules.length ? "No alert firing" : "No alert rules"}
        {paused ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-medium text-amber-900">Paused: new transcripts are not judged</span> : null}
      </h2>
      {rules.length ? (
        <ul className="mt-2 space-y-1.5 text-sm">
          {rules.map((rule) => (
            <li key={rule.id} className="flex flex-wrap items-baseline gap-x-2">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${rule.state === "firing" ? "bg-rose-600 text-white" : "bg-emerald-100 text-emerald-800"}`}>{rule.state === "firing" ? "Firing" : "OK"}</span>
              <span className="min-w-0 break-words font-medium">{rule.criterion}</span>
              <span className="tabular-nums text-slate-700">
                {rule.measure} {rule.value === null ? "not measured yet" : formatMeasure(rule.value, rule.measure)} · fires {rule.direction} {formatMeasure(rule.threshold, rule.measure)} over {rule.window}
              </span>
              {rule.measuredAt ? <span className="text-xs text-slate-500">measured {formatDateTime(new Date(rule.measuredAt))}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Edit the monitor to add a rule that posts to a webhook when a criterion&apos;s pass rate or mean score crosses a threshold.</p>
      )}
    </section>
  );
}
