import Link from "next/link";
import { CallNavigationKeys } from "./call-navigation-keys";

interface Props {
  /** 0-based place of the call in the list, or null when the list's filters leave it out. */
  index: number | null;
  total: number;
  previousHref: string | null;
  nextHref: string | null;
  listHref: string;
}

const button = "rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400";
const disabled = "rounded border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-400";

/** Previous and next through the run's filtered list, by button or by key. */
export function CallNavigation({ index, total, previousHref, nextHref, listHref }: Props) {
  return (
    <nav aria-label="Tool calls in this list" className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
      {previousHref ? (
        <Link href={previousHref} className={button} aria-keyshortcuts="k">
          ← Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">← Previous</span>
      )}
      {nextHref ? (
        <Link href={nextHref} className={button} aria-keyshortcuts="j">
          Next →
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">Next →</span>
      )}
      <span className="text-sm text-slate-700" data-testid="call-position">
        {index === null ? "This call is not in the list's current filters" : `Call ${(index + 1).toLocaleString("en-US")} of ${total.toLocaleString("en-US")} in the list`}
      </span>
      <Link href={listHref} className="text-sm text-indigo-700 hover:underline">
        Back to the list
      </Link>
      <span className="ml-auto text-xs text-slate-500">
        Keys: <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">j</kbd> next, <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">k</kbd> previous
      </span>
      <CallNavigationKeys previousHref={previousHref} nextHref={nextHref} />
    </nav>
  );
}
