"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { DataTable, type DataTableFeatures } from "@/components/table/data-table";
import { formatDateTime } from "@/lib/format";

export interface TranscriptRow {
  id: string;
  name: string;
  format: string;
  messageCount: number;
  toolCallCount: number;
  warningCount: number;
  createdAt: string;
}

const helper = createColumnHelper<DataTableFeatures, TranscriptRow>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Name",
    cell: (info) => (
      <Link href={`/transcripts/${info.row.original.id}`} className="font-medium text-indigo-700 hover:underline">
        {info.getValue()}
      </Link>
    ),
  }),
  helper.accessor("format", { header: "Format", enableSorting: false }),
  helper.accessor("messageCount", { header: "Messages", cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
  helper.accessor("toolCallCount", { header: "Tool calls", cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
  helper.accessor("warningCount", {
    header: "Warnings",
    cell: (info) =>
      info.getValue() > 0 ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">{info.getValue()}</span>
      ) : (
        <span className="text-slate-400">0</span>
      ),
  }),
  helper.accessor("createdAt", { header: "Added", cell: (info) => formatDateTime(new Date(info.getValue())) }),
]);

export function TranscriptsTable(props: { rows: TranscriptRow[]; total: number; sort: string; dir: "asc" | "desc"; page: number; size: number }) {
  return <DataTable label="Transcripts" columns={columns} getRowId={(row) => row.id} {...props} />;
}
