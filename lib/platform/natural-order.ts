const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Text in the order people expect of ids and names: "task-2" before "task-10", case aside. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The `limit` largest of `items` by `size`, and how many were left out: so that "N smaller groups
 * not shown" is true whatever order the shown ones are then listed in.
 */
export function largest<T>(items: readonly T[], limit: number, size: (item: T) => number): { kept: Set<T>; more: number } {
  const bySize = [...items].sort((a, b) => size(b) - size(a));
  return { kept: new Set(bySize.slice(0, limit)), more: Math.max(0, items.length - limit) };
}
