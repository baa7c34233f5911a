"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { StatusBadge } from "@/components/status-badge";
import { DataTable, type DataTableFeatures } from "@/components/table/data-table";
import { formatDateTime } from "@/lib/format";
import { ProgressBar } from "./progress-bar";

export interface RunRow {
  id: string;
  name: string;
  judgeId: string;
  mode: string;
  status: string;
  total: number;
  doneCount: number;
  errorCount: number;
  cacheHits: number;
  createdAt: string;
  seconds: number | null;
}

const helper = createColumnHelper<DataTableFeatures, RunRow>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Run",
    enableSorting: false,
    cell: (info) => (
      <Link href={`/runs/${info.row.original.id}`} className="font-medium text-indigo-700 hover:underline">
        {info.getValue()}
      </Link>
    ),
  }),
  helper.accessor("judgeId", { header: "Judge", enableSorting: false, cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span> }),
  helper.accessor("mode", { header: "Mode", enableSorting: false }),
  helper.accessor("status", {
    header: "Status",
    enableSorting: false,
    cell: (info) => {
      const run = info.row.original;
      return (
        <div className="w-40 space-y-1">
          <StatusBadge status={run.status} />
          <ProgressBar fraction={run.total ? (run.doneCount + run.errorCount) / run.total : 0} label={`Progress of ${run.name}`} />
          <div className="text-xs text-slate-600 tabular-nums">
            {run.doneCount + run.errorCount}/{run.total}
            {run.errorCount ? <span className="text-rose-700"> · {run.errorCount} errors</span> : null}
          </div>
        </div>
      );
    },
  }),
  helper.accessor("cacheHits", { header: "Cache hits", enableSorting: false, cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
  helper.accessor("seconds", { header: "Duration", enableSorting: false, cell: (info) => (info.getValue() === null ? "–" : `${info.getValue()?.toFixed(1)} s`) }),
  helper.accessor("createdAt", { header: "Started", enableSorting: false, cell: (info) => formatDateTime(new Date(info.getValue())) }),
]);

export function RunsTable(props: { rows: RunRow[]; total: number; page: number; size: number }) {
  return <DataTable label="Runs" columns={columns} getRowId={(row) => row.id} sort="createdAt" dir="desc" {...props} />;
}
