"use client";

import type { ColumnVisibilityState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable, type SortParams } from "@/components/ui/table/data-table";
import { useUrlParams } from "@/components/ui/table/use-url-params";
import type { RunCallRow } from "@/lib/runs/results/run-call-row";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { ColumnVisibilityMenu } from "./column-visibility-menu";
import { runCallColumnLabels, runCallColumns, STICKY_COLUMNS, type MetadataColumnsShown, type RunCriterionColumn } from "./run-call-columns";

interface Props {
  runId: string;
  criteria: RunCriterionColumn[];
  modes: readonly string[];
  rows: RunCallRow[];
  total: number;
  /** The page shown, which may differ from the view's when the filter left fewer pages. */
  page: number;
  view: RunView;
  /** The view's filters as URL parameters (the server's viewParams), carried into each call's link. */
  query: string;
  /** Metadata columns some transcript of the run has a value for. */
  metadataShown: MetadataColumnsShown;
}

export const RUN_CALLS_LABEL = "Tool calls in this run";

const hiddenColumns = (hide: string | undefined): ColumnVisibilityState => Object.fromEntries((hide ?? "").split(",").filter(Boolean).map((id) => [id, false]));

/**
 * One row per tool call and one column per criterion, in DataTable. Sorting and hidden columns
 * are held in the URL: a header click changes the URL and the server renders the new page; a
 * column toggle hides the column at once (every column's data is on the page), then records it.
 */
export function RunCallsTable({ runId, criteria, modes, rows, total, page, view, query, metadataShown }: Props) {
  const { setParams } = useUrlParams();
  const { criterion, mode, verdict, min, max } = view;
  const columns = useMemo(
    () => runCallColumns(criteria, modes, (toolCallId) => `/runs/${runId}/calls/${toolCallId}${query ? `?${query}` : ""}`, { criterion, mode, verdict, min, max }, metadataShown),
    [criteria, modes, runId, query, criterion, mode, verdict, min, max, metadataShown],
  );
  const labels = useMemo(() => runCallColumnLabels(criteria, metadataShown), [criteria, metadataShown]);
  const sortParams = useMemo<SortParams>(
    () => (columnId, desc): Record<string, string | null> => {
      const dir = desc ? "desc" : null;
      const criterion = criteria.find((c) => c.columnId === columnId);
      // A criterion's column sorts by its score; it is also the filters' criterion, so it stays when another sort is picked.
      return criterion ? { sort: "score", criterion: criterion.id, dir } : { sort: columnId === "tool" ? "tool" : null, dir };
    },
    [criteria],
  );
  const sortColumn = view.sort === "tool" ? "tool" : view.sort === "score" ? (criteria.find((c) => c.id === view.criterion)?.columnId ?? "transcript") : "transcript";

  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() => hiddenColumns(view.hide));
  const [urlHide, setUrlHide] = useState(view.hide);
  if (urlHide !== view.hide) {
    setUrlHide(view.hide);
    setColumnVisibility(hiddenColumns(view.hide));
  }
  const toggles = labels
    .filter((column) => column.hideable)
    .map((column) => ({
      id: column.id,
      label: column.label,
      visible: columnVisibility[column.id] !== false,
      toggle: (visible: boolean) => {
        const next = { ...columnVisibility, [column.id]: visible };
        setColumnVisibility(next);
        const hidden = Object.keys(next).filter((id) => next[id] === false);
        setParams({ hide: hidden.length ? hidden.join(",") : null });
      },
    }));

  return (
    <DataTable
      label={RUN_CALLS_LABEL}
      columns={columns}
      rows={rows}
      total={total}
      sort={sortColumn}
      dir={view.dir}
      page={page}
      size={view.size}
      getRowId={(row) => row.toolCallId}
      empty="No tool call matches these filters."
      sortParams={sortParams}
      columnLabels={Object.fromEntries(labels.map((column) => [column.id, column.label]))}
      columnVisibility={columnVisibility}
      toolbar={<ColumnVisibilityMenu columns={toggles} />}
      stickyColumns={STICKY_COLUMNS}
    />
  );
}
