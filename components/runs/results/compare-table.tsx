"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { HumanMarker } from "@/components/runs/human-marker";
import { ResultBadge } from "@/components/runs/result-badge";
import { DataTable, type DataTableFeatures } from "@/components/ui/table/data-table";
import type { HumanMark } from "@/lib/runs/results/human-mark";

export interface CompareTableRow {
  toolCallId: string;
  transcriptName: string;
  ordinal: number;
  toolName: string;
  /** `human`: a person's verdict on the result, shown after the judge's. */
  cells: ({ status: string; score: number | null; passed: boolean | null; human?: HumanMark | null } | null)[];
  disagree: boolean;
}

interface Props {
  /** Where a call's page is: the first run compared. */
  runId: string;
  series: { label: string; scale: string }[];
  rows: CompareTableRow[];
  total: number;
  page: number;
  size: number;
  disagreeOnly: boolean;
}

const helper = createColumnHelper<DataTableFeatures, CompareTableRow>();

/** One row per tool call, one column per compared series, and whether their verdicts disagree. */
export function CompareTable({ runId, series, rows, total, page, size, disagreeOnly }: Props) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("transcriptName", {
          header: "Transcript",
          enableSorting: false,
          cell: (info) => (
            <Link href={`/runs/${runId}/calls/${info.row.original.toolCallId}`} className="text-indigo-700 hover:underline">
              {info.getValue()}
            </Link>
          ),
        }),
        helper.accessor("ordinal", { header: "#", enableSorting: false }),
        helper.accessor("toolName", { header: "Tool", enableSorting: false, cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span> }),
        ...series.map((s, index) =>
          helper.display({
            id: `series-${index}`,
            header: () => <span title={s.label}>{s.label.length > 48 ? `${s.label.slice(0, 46)}…` : s.label}</span>,
            cell: (info) => {
              const cell = info.row.original.cells[index];
              if (!cell) return <span className="text-slate-400">–</span>;
              return (
                <span className="inline-flex items-center gap-1">
                  <ResultBadge status={cell.status} score={cell.score} passed={cell.passed} scale={s.scale} />
                  {cell.human ? <HumanMarker mark={cell.human} /> : null}
                </span>
              );
            },
          }),
        ),
        helper.display({
          id: "agreement",
          header: "Verdicts",
          cell: (info) =>
            info.row.original.disagree ? (
              <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900">disagree</span>
            ) : (
              <span className="text-xs text-slate-500">agree</span>
            ),
        }),
      ]),
    [runId, series],
  );
  return (
    <DataTable
      label="Criteria side by side"
      columns={columns}
      rows={rows}
      total={total}
      sort="ordinal"
      dir="asc"
      page={page}
      size={size}
      getRowId={(row) => row.toolCallId}
      empty={disagreeOnly ? "The criteria agree on every call." : "No call has results from every compared run."}
    />
  );
}
