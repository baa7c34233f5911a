import type { SourceLocation } from "./import-types";

/** The fields of a rejected item that grouping reads: a stored report and the API's answer both have them. */
export interface RejectedItem extends SourceLocation {
  code: string;
  path: string;
  message: string;
  column?: number;
}

/** Items rejected for the same reason, listed once: the message, how many, and where. */
export interface RejectedGroup<T extends RejectedItem = RejectedItem> {
  message: string;
  code: string;
  path: string;
  items: T[];
}

/**
 * Groups rejected items whose file, code, path and message are the same, in the order each reason
 * first appears. One wrong shape repeated in every item of a file is then one line with a count,
 * not the same sentence 200 times.
 */
export function groupRejected<T extends RejectedItem>(items: readonly T[]): RejectedGroup<T>[] {
  const groups = new Map<string, RejectedGroup<T>>();
  for (const item of items) {
    const key = JSON.stringify([item.file, item.code, item.path, item.message]);
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { message: item.message, code: item.code, path: item.path, items: [item] });
  }
  return [...groups.values()];
}

/** Where an item is, as a person reads it: `line 3`, `index 0`, with the column of a syntax error. */
export function itemPlace(item: SourceLocation & { column?: number }): string {
  const place = item.index !== undefined ? `index ${item.index}` : item.line !== undefined ? `line ${item.line}` : "";
  return place && item.column !== undefined ? `${place}, column ${item.column}` : place;
}

/** The first few places of a group and how many more there are: `lines 1, 2, 3 and 197 more`. */
export function placesSummary(items: readonly (SourceLocation & { column?: number })[], shown = 5): string {
  const places = items.map(itemPlace).filter((place) => place !== "");
  if (places.length === 0) return "";
  const head = places.slice(0, shown).join("; ");
  const rest = places.length - shown;
  return rest > 0 ? `${head} and ${rest} more` : head;
}
