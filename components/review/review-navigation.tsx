import Link from "next/link";

interface Props {
  /** 1-based place in the queue (stable, whatever the filter). */
  position: number;
  /** 1-based place in the list being walked (null when the filter leaves this item out) and that list's length. */
  place: { index: number | null; total: number };
  filtered: boolean;
  previousHref: string | null;
  nextHref: string | null;
  listHref: string;
}

const button = "rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-500";
const disabled = "rounded border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-400";

/** Previous and next within the queue's current filter; the keys live in the review panel. */
export function ReviewNavigation({ position, place, filtered, previousHref, nextHref, listHref }: Props) {
  return (
    <nav aria-label="Items in this list" className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
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
      <span className="text-sm text-slate-700" data-testid="item-position">
        {placeText(position, place, filtered)}
      </span>
      <Link href={listHref} className="text-sm text-indigo-700 hover:underline">
        Back to the list
      </Link>
    </nav>
  );
}

function placeText(position: number, { index, total }: Props["place"], filtered: boolean): string {
  const count = (n: number) => n.toLocaleString("en-US");
  if (!filtered) return `Item ${count(position)} of ${count(total)} in the queue`;
  if (index === null) return `Item ${count(position)} of the queue, outside this filter · ${count(total)} in this filtered list`;
  return `${count(index)} of ${count(total)} in this filtered list · item ${count(position)} of the queue`;
}
