"use client";

import { createColumnHelper, type ColumnVisibilityState } from "@tanstack/react-table";
import Link from "next/link";
import { OutcomeBadge } from "@/components/transcripts/metadata/outcome-badge";
import { TagList } from "@/components/transcripts/metadata/tag-list";
import { TaskLabel } from "@/components/transcripts/metadata/task-label";
import { DataTable, type DataTableFeatures } from "@/components/ui/table/data-table";
import { formatDateTime } from "@/lib/platform/format";

export interface TranscriptRow {
  id: string;
  name: string;
  format: string;
  messageCount: number;
  toolCallCount: number;
  warningCount: number;
  createdAt: string;
  model: string | null;
  taskId: string | null;
  trial: string | null;
  tags: string[];
  reward: number | null;
  success: boolean | null;
}

/** Which metadata columns hold something in the stored transcripts: the others stay hidden. */
export interface MetadataColumnsShown {
  model: boolean;
  task: boolean;
  tags: boolean;
  outcome: boolean;
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
  helper.accessor("taskId", {
    id: "task",
    header: "Task",
    enableSorting: false,
    cell: (info) => <TaskLabel taskId={info.getValue()} trial={info.row.original.trial} />,
  }),
  helper.accessor("model", {
    header: "Model",
    enableSorting: false,
    cell: (info) => <span className="font-mono text-xs">{info.getValue() ?? <span className="text-slate-400">—</span>}</span>,
  }),
  helper.accessor("tags", { header: "Tags", enableSorting: false, cell: (info) => <TagList tags={info.getValue()} /> }),
  helper.accessor("reward", {
    id: "reward",
    header: "Outcome",
    cell: (info) => <OutcomeBadge success={info.row.original.success} reward={info.getValue()} />,
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
        <span className="text-slate-600">0</span>
      ),
  }),
  helper.accessor("createdAt", { header: "Added", cell: (info) => formatDateTime(new Date(info.getValue())) }),
]);

interface Props {
  rows: TranscriptRow[];
  total: number;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  size: number;
  shown: MetadataColumnsShown;
}

export function TranscriptsTable({ shown, ...props }: Props) {
  const visibility: ColumnVisibilityState = { task: shown.task, model: shown.model, tags: shown.tags, reward: shown.outcome };
  return <DataTable label="Transcripts" columns={columns} getRowId={(row) => row.id} columnVisibility={visibility} {...props} />;
}
