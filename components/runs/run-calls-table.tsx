"use client";

import { useTable, type ColumnVisibilityState, type SortingState, type Updater } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useUrlParams } from "@/components/table/use-url-params";
import { viewParams, type RunView } from "@/lib/zod/run-view";
import { ColumnVisibilityMenu } from "./column-visibility-menu";
import { FIXED_COLUMNS, runCallColumns, runCallFeatures, type RunCallTableRow, type RunCriterionColumn } from "./run-call-columns";
import { TablePager } from "./table-pager";

export type { RunCallTableRow, RunCriterionColumn } from "./run-call-columns";

interface Props {
  runId: string;
  criteria: RunCriterionColumn[];
  modes: string[];
  rows: RunCallTableRow[];
  total: number;
  /** The page shown, which may differ from the view's when the filter left fewer pages. */
  page: number;
  view: RunView;
}

const LABEL = "Tool calls in this run";

const hiddenColumns = (hide: string | undefined): ColumnVisibilityState => Object.fromEntries((hide ?? "").split(",").filter(Boolean).map((id) => [id, false]));

/**
 * One row per tool call and one column per criterion. Sorting and hidden columns are table
 * state held in the URL: a header click or a column toggle changes the URL and the server
 * renders the new page.
 */
export function RunCallsTable({ runId, criteria, modes, rows, total, page, view }: Props) {
  const { setParams, pending } = useUrlParams();
  const query = viewParams(view).toString();
  const columns = useMemo(
    () => runCallColumns(criteria, modes, (toolCallId) => `/runs/${runId}/calls/${toolCallId}${query ? `?${query}` : ""}`),
    [criteria, modes, runId, query],
  );
  const sorting = useMemo<SortingState>(() => {
    const id = view.sort === "tool" ? "tool" : view.sort === "score" ? criteria.find((c) => c.id === view.criterion)?.columnId : "transcript";
    return [{ id: id ?? "transcript", desc: view.dir === "desc" }];
  }, [view.sort, view.dir, view.criterion, criteria]);
  // Hidden columns change at once, then in the URL: every column's data is already on the page.
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() => hiddenColumns(view.hide));
  const [urlHide, setUrlHide] = useState(view.hide);
  if (urlHide !== view.hide) {
    setUrlHide(view.hide);
    setColumnVisibility(hiddenColumns(view.hide));
  }

  const table = useTable({
    features: runCallFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.toolCallId,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = (typeof updater === "function" ? updater(sorting) : updater)[0];
      if (!next) return;
      const dir = next.desc ? "desc" : null;
      const criterion = criteria.find((c) => c.columnId === next.id);
      if (criterion) setParams({ sort: "score", criterion: criterion.id, dir, page: null });
      else setParams({ sort: next.id === "tool" ? "tool" : null, dir, page: null });
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = typeof updater === "function" ? updater(columnVisibility) : updater;
      setColumnVisibility(next);
      const hidden = Object.keys(next).filter((id) => next[id] === false);
      setParams({ hide: hidden.length ? hidden.join(",") : null });
    },
  });

  const labels = new Map<string, string>([...Object.entries(FIXED_COLUMNS), ...criteria.map((c): [string, string] => [c.columnId, c.label])]);
  const toggles = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide())
    .map((column) => ({ id: column.id, label: labels.get(column.id) ?? column.id, visible: column.getIsVisible(), toggle: (visible: boolean) => column.toggleVisibility(visible) }));

  return (
    <div aria-busy={pending} className={pending ? "opacity-60 transition-opacity" : undefined}>
      <div className="mb-2 flex justify-end">
        <ColumnVisibilityMenu columns={toggles} />
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={LABEL}>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className="px-3 py-2 text-left align-bottom font-medium text-slate-700"
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          aria-label={`Sort by ${labels.get(header.column.id) ?? header.column.id}`}
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
        {rows.length === 0 ? <div className="p-6 text-center text-sm text-slate-600">No tool call matches these filters.</div> : null}
      </div>
      <TablePager label={LABEL} total={total} page={page} size={view.size} onChange={setParams} />
    </div>
  );
}
