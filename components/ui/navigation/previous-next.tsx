import Link from "next/link";
import type { ReactNode } from "react";

interface Props {
  /** What the list holds, for screen readers ("Tool calls in this list"). */
  label: string;
  previousHref: string | null;
  nextHref: string | null;
  listHref: string;
  /** Where the current entry stands, e.g. "Call 3 of 12 in the list". */
  position: ReactNode;
  positionTestId: string;
  /** After "Back to the list": key hints and the like. */
  children?: ReactNode;
}

const button = "rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-500";
const disabled = "rounded border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-400";

/**
 * Previous and next through a filtered list (a run's calls, a review queue), with where the
 * current entry stands and the way back. j and k are announced; the pages bind them.
 */
export function PreviousNext({ label, previousHref, nextHref, listHref, position, positionTestId, children }: Props) {
  return (
    <nav aria-label={label} className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
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
      <span className="text-sm text-slate-700" data-testid={positionTestId}>
        {position}
      </span>
      <Link href={listHref} className="text-sm text-indigo-700 hover:underline">
        Back to the list
      </Link>
      {children}
    </nav>
  );
}
