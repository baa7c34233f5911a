import { PreviousNext } from "@/components/ui/navigation/previous-next";
import { CallNavigationKeys } from "./call-navigation-keys";

interface Props {
  /** 0-based place of the call in the list, or null when the list's filters leave it out. */
  index: number | null;
  total: number;
  /** The place is the worker's last count of a run still judged (call-marks.ts): "about". */
  approximate?: boolean;
  previousHref: string | null;
  nextHref: string | null;
  listHref: string;
}

const kbd = "rounded border border-slate-300 bg-slate-50 px-1 font-mono";

/** Previous and next through the run's filtered list, by button or by key. */
export function CallNavigation({ index, total, approximate = false, previousHref, nextHref, listHref }: Props) {
  const place = `${approximate ? "about " : ""}${((index ?? 0) + 1).toLocaleString("en-US")}`;
  const position = index === null ? "This call is not in the list's current filters" : `Call ${place} of ${total.toLocaleString("en-US")} in the list`;
  return (
    <PreviousNext label="Tool calls in this list" previousHref={previousHref} nextHref={nextHref} listHref={listHref} position={position} positionTestId="call-position">
      <span className="ml-auto text-xs text-slate-500">
        Keys: <kbd className={kbd}>j</kbd> next, <kbd className={kbd}>k</kbd> previous
      </span>
      <CallNavigationKeys previousHref={previousHref} nextHref={nextHref} />
    </PreviousNext>
  );
}
