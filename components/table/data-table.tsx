"use client";

import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useMemo } from "react";
import { PAGE_SIZES, pageCount } from "@/lib/table-query";
import { useUrlParams } from "./use-url-params";

/** Features every server-driven table registers; sorting and paging happen in SQL, never in the browser. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnVisibilityFeature });
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<TRow extends RowData> = ColumnDef<DataTableFeatures, TRow>;

interface DataTableProps<TRow extends RowData> {
  label: string;
  columns: DataTableColumn<TRow>[];
  rows: TRow[];
  total: number;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  size: number;
  getRowId: (row: TRow) => string;
  empty?: React.ReactNode;
}

export function DataTable<TRow extends RowData>({ label, columns, rows, total, sort, dir, page, size, getRowId, empty }: DataTableProps<TRow>) {
  const { setParams, pending } = useUrlParams();
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: dir === "desc" }], [sort, dir]);
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize: size }), [page, size]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableSortingRemoval: false,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      if (first) setParams({ sort: first.id, dir: first.desc ? "desc" : "asc", page: null });
    },
  });
  const pages = pageCount(total, size);

  return (
    <div aria-busy={pending} className={pending ? "opacity-60 transition-opacity" : undefined}>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className="px-3 py-2 text-left font-medium text-slate-700"
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" onClick={header.column.getToggleSortingHandler()} className="inline-flex items-center gap-1 hover:text-indigo-700">
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
              <tr key={row.id} className="hover:bg-slate-50">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <div className="p-6 text-center text-sm text-slate-600">{empty ?? "Nothing matches."}</div> : null}
      </div>
      <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <span>
          {total.toLocaleString("en-US")} in all · page {page} of {pages}
        </span>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-1">
            Rows per page
            <select
              value={size}
              onChange={(event) => setParams({ size: event.target.value, page: null })}
              className="rounded border border-slate-300 bg-white px-1 py-0.5"
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })} className="rounded border border-slate-300 bg-white px-2 py-0.5 disabled:opacity-40">
            Previous
          </button>
          <button type="button" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) })} className="rounded border border-slate-300 bg-white px-2 py-0.5 disabled:opacity-40">
            Next
          </button>
        </div>
      </nav>
    </div>
  );
}
