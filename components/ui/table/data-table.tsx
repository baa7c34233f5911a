"use client";

import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useMemo } from "react";
import { TablePager } from "./table-pager";
import { useHorizontalOverflow } from "./use-horizontal-overflow";
import { useUrlParams } from "./use-url-params";

/** Features every server-driven table registers; sorting and paging happen in SQL, never in the browser. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnVisibilityFeature });
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<TRow extends RowData> = ColumnDef<DataTableFeatures, TRow>;

/** URL parameters for a sort on one column. */
export type SortParams = (columnId: string, desc: boolean) => Record<string, string | null>;

const defaultSortParams: SortParams = (columnId, desc) => ({ sort: columnId, dir: desc ? "desc" : "asc" });

interface DataTableProps<TRow extends RowData> {
  label: string;
  columns: DataTableColumn<TRow>[];
  rows: TRow[];
  total: number;
  /** The id of the column the rows are sorted by, and the direction. */
  sort: string;
  dir: "asc" | "desc";
  page: number;
  size: number;
  getRowId: (row: TRow) => string;
  empty?: React.ReactNode;
  /**
   * What a header click puts in the URL; by default `sort=<column id>&dir=…`. Columns made at
   * run time (one per criterion, say) map onto the view's own parameters here.
   */
  sortParams?: SortParams;
  /** Names of the columns whose header is not plain text, for their sort buttons ("Sort by …"). */
  columnLabels?: Readonly<Record<string, string>>;
  /** Hidden columns are `false`; the state lives with the caller, which shows its own column menu. */
  columnVisibility?: ColumnVisibilityState;
  /** Above the table, right-aligned: a column menu, for instance. */
  toolbar?: React.ReactNode;
  /**
   * Leading columns that stay in view while the table scrolls sideways, with their widths in rem
   * (a sticky column needs the widths of those before it), in order.
   */
  stickyColumns?: readonly { id: string; rem: number }[];
}

interface Pinned {
  left: number;
  rem: number;
  last: boolean;
}

/** Each visible pinned column's offset from the left edge; hidden ones leave no gap. */
function pinnedOffsets(sticky: readonly { id: string; rem: number }[], visible: (id: string) => boolean): Map<string, Pinned> {
  const shown = sticky.filter((column) => visible(column.id));
  const offsets = new Map<string, Pinned>();
  let left = 0;
  shown.forEach((column, i) => {
    offsets.set(column.id, { left, rem: column.rem, last: i === shown.length - 1 });
    left += column.rem;
  });
  return offsets;
}

function pinnedStyle(pinned: Pinned | undefined): React.CSSProperties | undefined {
  if (!pinned) return undefined;
  return { position: "sticky", left: `${pinned.left}rem`, width: `${pinned.rem}rem`, minWidth: `${pinned.rem}rem`, maxWidth: `${pinned.rem}rem` };
}

const pinnedClass = (pinned: Pinned | undefined, background: string) =>
  pinned ? ` z-10 ${background}${pinned.last ? " shadow-[inset_-1px_0_0_var(--color-slate-200)]" : ""}` : "";

/**
 * A server-driven table: rows of one page, sorted and paged by the server, with the sort, the
 * page and the page size in the URL, so a view is a link and the server renders each new one.
 */
export function DataTable<TRow extends RowData>(props: DataTableProps<TRow>) {
  const { label, columns, rows, total, sort, dir, page, size, getRowId, empty, columnLabels, toolbar } = props;
  const sortParams = props.sortParams ?? defaultSortParams;
  const { setParams, pending } = useUrlParams();
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: dir === "desc" }], [sort, dir]);
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize: size }), [page, size]);
  const columnVisibility = useMemo(() => props.columnVisibility ?? {}, [props.columnVisibility]);
  const pinned = useMemo(() => pinnedOffsets(props.stickyColumns ?? [], (id) => columnVisibility[id] !== false), [props.stickyColumns, columnVisibility]);
  const { ref: scroller, overflow } = useHorizontalOverflow<HTMLDivElement>();

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableSortingRemoval: false,
    state: { sorting, pagination, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      if (first) setParams({ ...sortParams(first.id, first.desc), page: null });
    },
  });

  return (
    <div aria-busy={pending} className={pending ? "opacity-60 transition-opacity" : undefined}>
      {toolbar || overflow.right ? (
        <div className="mb-2 flex items-center justify-end gap-3">
          {overflow.right ? (
            <button
              type="button"
              onClick={() => scroller.current?.scrollBy({ left: scroller.current.clientWidth * 0.6, behavior: "smooth" })}
              className="text-xs font-medium text-indigo-700 hover:underline"
            >
              More columns to the right →
            </button>
          ) : null}
          {toolbar}
        </div>
      ) : null}
      <div className="relative">
        <div ref={scroller} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={overflow.left || overflow.right ? 0 : undefined} aria-label={overflow.left || overflow.right ? `${label}, scrolls sideways` : undefined} role={overflow.left || overflow.right ? "region" : undefined}>
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
            <thead className="bg-slate-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const name = columnLabels?.[header.column.id] ?? (typeof header.column.columnDef.header === "string" ? header.column.columnDef.header : header.column.id);
                    const pin = pinned.get(header.column.id);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                        style={pinnedStyle(pin)}
                        className={`px-3 py-2 text-left align-bottom font-medium text-slate-700${pinnedClass(pin, "bg-slate-50")}`}
                      >
                        {header.isPlaceholder ? null : header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            aria-label={`Sort by ${name}`}
                            className="inline-flex items-center gap-1 text-left hover:text-indigo-700"
                          >
                            <table.FlexRender header={header} />
                            <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="group hover:bg-slate-50">
                  {row.getVisibleCells().map((cell) => {
                    const pin = pinned.get(cell.column.id);
                    return (
                      <td key={cell.id} style={pinnedStyle(pin)} className={`px-3 py-2 align-top${pinnedClass(pin, "bg-white group-hover:bg-slate-50")}`}>
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? <div className="p-6 text-center text-sm text-slate-600">{empty ?? "Nothing matches."}</div> : null}
        </div>
        {overflow.right ? (
          // A fade at the cut edge: the table goes on past it.
          <div aria-hidden="true" data-testid="scroll-cue" className="pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-gradient-to-l from-slate-300/70 to-transparent" />
        ) : null}
      </div>
      <TablePager label={label} total={total} page={page} size={size} onChange={setParams} />
    </div>
  );
}
