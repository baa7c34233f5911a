"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { ResultBadge } from "@/components/runs/result-badge";
import { DataTable, type DataTableFeatures } from "@/components/ui/table/data-table";
import { plural } from "@/lib/platform/format";
import { HumanVerdictBadge, ReasonBadges, ReviewStatusBadge } from "./review-badges";
import { formatClock } from "./time";
import type { HumanVerdictKind, JudgedResultView, PersonView, QueueReason, ReviewStatus } from "./types";

export interface QueueItemRow {
  id: string;
  position: number;
  /** The call under review; ordinal and toolName are null for an agent-level result (a whole transcript). */
  call: { ordinal: number | null; toolName: string | null; transcriptName: string };
  judged: JudgedResultView;
  reasons: QueueReason[];
  status: ReviewStatus;
  verdict: HumanVerdictKind | null;
  /** What the verdict amounts to ("human: fail"), shown beside the judge's result. */
  corrected: string | null;
  label: string | null;
  comments: number;
  assignee: PersonView | null;
  /** Who works on it now, when anyone does. */
  lock: { holder: PersonView; until: string } | null;
}

const helper = createColumnHelper<DataTableFeatures, QueueItemRow>();

function columns(itemHref: (id: string) => string) {
  return helper.columns([
    helper.accessor("position", { header: "#", enableSorting: false, cell: (info) => <span className="tabular-nums text-slate-600">{info.getValue()}</span> }),
    helper.accessor("call", {
      header: "Tool call or transcript",
      enableSorting: false,
      cell: (info) => {
        const call = info.getValue();
        return (
          <Link href={itemHref(info.row.original.id)} className="font-medium text-indigo-700 hover:underline">
            {call.ordinal === null ? "Whole transcript" : <>#{call.ordinal} <span className="font-mono">{call.toolName}</span></>}
            <span className="block text-xs font-normal text-slate-600">
              {call.transcriptName}
              {info.row.original.comments > 0 ? ` · ${plural(info.row.original.comments, "comment")}` : ""}
            </span>
          </Link>
        );
      },
    }),
    helper.accessor("judged", {
      header: "Criterion · judge",
      enableSorting: false,
      cell: (info) => {
        const judged = info.getValue();
        return (
          <div className="max-w-xs">
            <span className="block truncate" title={judged.criterion.text}>
              {judged.criterion.title ?? judged.criterion.text}
            </span>
            <span className="flex items-center gap-1 text-xs text-slate-600">
              {judged.mode ?? "agent-level"} <ResultBadge status={judged.status} score={judged.score} passed={judged.passed} scale={judged.criterion.scale} />
            </span>
          </div>
        );
      },
    }),
    helper.accessor("reasons", { header: "Why", enableSorting: false, cell: (info) => <ReasonBadges reasons={info.getValue()} /> }),
    helper.accessor("status", { header: "Status", enableSorting: false, cell: (info) => <ReviewStatusBadge status={info.getValue()} /> }),
    helper.accessor("verdict", {
      header: "Human verdict",
      enableSorting: false,
      cell: (info) => (
        <span className="flex flex-col items-start gap-1">
          <HumanVerdictBadge kind={info.getValue()} />
          {info.row.original.verdict === "disagree" && info.row.original.corrected ? <span className="text-xs font-medium text-rose-800">{info.row.original.corrected}</span> : null}
          {info.row.original.label ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{info.row.original.label}</span> : null}
        </span>
      ),
    }),
    helper.accessor("assignee", {
      header: "Assignee",
      enableSorting: false,
      cell: (info) => {
        const lock = info.row.original.lock;
        return (
          <span className="text-xs">
            {info.getValue()?.name ?? <span className="text-slate-500">Unassigned</span>}
            {lock ? (
              <span className="mt-0.5 block text-amber-800">
                Locked by {lock.holder.name} until <time dateTime={lock.until}>{formatClock(lock.until)}</time>
              </span>
            ) : null}
          </span>
        );
      },
    }),
  ]);
}

/** A queue's items in queue order; each opens the item page with the same filters, so j/k walk this list. */
export function QueueItemsTable({ queueId, rows, total, page, size, query }: { queueId: string; rows: QueueItemRow[]; total: number; page: number; size: number; query: string }) {
  const cols = useMemo(() => columns((id) => `/review/${queueId}/${id}${query ? `?${query}` : ""}`), [queueId, query]);
  return (
    <DataTable
      label="Queue items"
      columns={cols}
      rows={rows}
      total={total}
      sort="position"
      dir="asc"
      page={page}
      size={size}
      getRowId={(row) => row.id}
      empty="No item matches these filters."
    />
  );
}
