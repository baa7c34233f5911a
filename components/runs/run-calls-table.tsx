"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable, type DataTableFeatures } from "@/components/table/data-table";
import { ResultBadge } from "./result-badge";

export interface RunCallTableRow {
  toolCallId: string;
  transcriptId: string;
  transcriptName: string;
  ordinal: number;
  toolName: string;
  argumentsPreview: string;
  results: { criterionId: string; mode: string; status: string; score: number | null; passed: boolean | null; error: string | null }[];
}

interface Props {
  criteria: { id: string; text: string; title: string | null; scale: string }[];
  modes: string[];
  rows: RunCallTableRow[];
  total: number;
  page: number;
  size: number;
}

const helper = createColumnHelper<DataTableFeatures, RunCallTableRow>();

/** One row per tool call, one column per criterion (and mode, when the run judged in both). */
export function RunCallsTable({ criteria, modes, rows, total, page, size }: Props) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("transcriptName", {
          header: "Transcript",
          enableSorting: false,
          cell: (info) => (
            <Link href={`/transcripts/${info.row.original.transcriptId}#call-${info.row.original.ordinal}`} className="text-indigo-700 hover:underline">
              {info.getValue()}
            </Link>
          ),
        }),
        helper.accessor("ordinal", { header: "#", enableSorting: false }),
        helper.accessor("toolName", { header: "Tool", enableSorting: false, cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span> }),
        helper.accessor("argumentsPreview", {
          header: "Arguments",
          enableSorting: false,
          cell: (info) => <span className="block max-w-xs truncate font-mono text-xs text-slate-600" title={info.getValue()}>{info.getValue()}</span>,
        }),
        ...criteria.map((criterion) =>
          helper.display({
            id: `criterion-${criterion.id}`,
            header: () => <span title={criterion.text}>{criterion.title ?? (criterion.text.length > 40 ? `${criterion.text.slice(0, 38)}…` : criterion.text)}</span>,
            cell: (info) => (
              <span className="flex gap-1">
                {modes.map((mode) => {
                  const result = info.row.original.results.find((r) => r.criterionId === criterion.id && r.mode === mode);
                  return result ? (
                    <span key={mode} title={`${mode}${result.error ? `: ${result.error}` : ""}`} className="inline-flex items-center gap-0.5">
                      {modes.length > 1 ? <span className="text-[10px] uppercase text-slate-400">{mode[0]}</span> : null}
                      <ResultBadge status={result.status} score={result.score} passed={result.passed} scale={criterion.scale} />
                    </span>
                  ) : null;
                })}
              </span>
            ),
          }),
        ),
      ]),
    [criteria, modes],
  );
  return <DataTable label="Tool calls in this run" columns={columns} rows={rows} total={total} sort="ordinal" dir="asc" page={page} size={size} getRowId={(row) => row.toolCallId} />;
}
