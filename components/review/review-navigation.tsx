import { PreviousNext } from "@/components/ui/navigation/previous-next";

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

/** Previous and next within the queue's current filter; the keys live in the review panel. */
export function ReviewNavigation({ position, place, filtered, previousHref, nextHref, listHref }: Props) {
  return (
    <PreviousNext
      label="Items in this list"
      previousHref={previousHref}
      nextHref={nextHref}
      listHref={listHref}
      position={placeText(position, place, filtered)}
      positionTestId="item-position"
    />
  );
}

function placeText(position: number, { index, total }: Props["place"], filtered: boolean): string {
  const count = (n: number) => n.toLocaleString("en-US");
  if (!filtered) return `Item ${count(position)} of ${count(total)} in the queue`;
  if (index === null) return `Item ${count(position)} of the queue, outside this filter · ${count(total)} in this filtered list`;
  return `${count(index)} of ${count(total)} in this filtered list · item ${count(position)} of the queue`;
}
