import { formatDateTime } from "@/lib/platform/format";
import type { AlertEventView } from "@/lib/monitors/views";
import { ScrollBox } from "@/components/ui/table/scroll-box";

export type AlertEventRow = AlertEventView;

/** The monitor's alert transitions, newest first, and how each webhook post went. */
export function AlertHistoryTable({ events }: { events: AlertEventRow[] }) {
  if (!events.length) return <p className="text-sm text-slate-600">No alert has fired yet.</p>;
  return (
    <ScrollBox label="Alert history" className="rounded-lg border border-slate-200 bg-white">
      <table aria-label="Alert history" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left">
          <tr>
            {["State", "Criterion", "Value · threshold", "Time", "Delivery"].map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-medium text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((event) => (
            <tr key={event.id}>
              <td className="px-3 py-2 align-top">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${event.state === "firing" ? "bg-rose-100 text-rose-800" : "bg-emerald-100 text-emerald-800"}`}>{event.state}</span>
              </td>
              <td className="max-w-sm break-words px-3 py-2 align-top">{event.criterion ?? "–"}</td>
              <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">
                {event.value.toFixed(2)} · {event.threshold.toFixed(2)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 align-top">{formatDateTime(new Date(event.createdAt))}</td>
              <td className="px-3 py-2 align-top text-xs">
                <div className={event.delivery === "failed" ? "font-medium text-rose-800" : event.delivery === "delivered" ? "text-emerald-800" : "text-slate-700"}>
                  {event.delivery} · {event.attempts === 1 ? "1 attempt" : `${event.attempts} attempts`}
                  {event.deliveredAt ? ` · ${formatDateTime(new Date(event.deliveredAt))}` : ""}
                </div>
                {event.lastError ? <div className="max-w-xs break-words text-rose-800">Last error: {event.lastError}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
