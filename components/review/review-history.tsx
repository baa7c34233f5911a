import { formatWhen } from "./time";
import type { HistoryEntryView } from "./types";

/** Every change to the item, newest first: who did what, and when. */
export function ReviewHistory({ entries }: { entries: HistoryEntryView[] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="mb-2 text-base font-semibold">History</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">No changes yet.</p>
      ) : (
        <ol className="space-y-1.5 border-l-2 border-slate-200 pl-3 text-sm" aria-label="History">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.sentence}
              <span className="block text-xs text-slate-500">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
