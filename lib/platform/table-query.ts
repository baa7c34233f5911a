import { z } from "zod";

/**
 * Paging and sorting of a server-side table, as they live in the URL (`?sort=name&dir=asc&page=2&size=25`),
 * so that a view can be shared as a link.
 */
export interface TableQuery<TSort extends string> {
  sort: TSort;
  dir: "asc" | "desc";
  page: number;
  size: number;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** A URL's page number (1-based); a bad one reads as the first page. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).catch(1);
/** A URL's page size, one of PAGE_SIZES; any other reads as 25. */
export const pageSizeParam = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .catch(25);

export function tableQuerySchema<TSort extends string>(sortable: readonly [TSort, ...TSort[]], defaults: { sort: TSort; dir: "asc" | "desc" }) {
  // A bad or stale parameter in a shared link falls back to the default instead of breaking the page.
  return z.object({
    sort: z.enum(sortable).catch(defaults.sort),
    dir: z.enum(["asc", "desc"]).catch(defaults.dir),
    page: pageParam,
    size: pageSizeParam,
  });
}

export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of each parameter: repeated keys are not meaningful for these tables. */
export function firstValues(params: SearchParams): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
