"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataTable, type DataTableFeatures } from "@/components/ui/table/data-table";
import { formatDateTime } from "@/lib/platform/format";
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
  counts: { passed: number; failed: number; notApplicable: number; errors: number };
  criteria: { id: string; label: string; text: string; means: { mode: string; meanScore: number | null }[] }[];
}

const helper = createColumnHelper<DataTableFeatures, RunRow>();
const ACTIVE = new Set(["pending", "running"]);
/** Comparing takes exactly two runs. */
const PICK = 2;

function columns(selected: string[], toggle: (id: string, on: boolean) => void) {
  return helper.columns([
    helper.display({
      id: "select",
      header: () => <span className="sr-only">Select to compare</span>,
      cell: (info) => {
        const run = info.row.original;
        const checked = selected.includes(run.id);
        return (
          <input
            type="checkbox"
            checked={checked}
            disabled={!checked && selected.length >= PICK}
            onChange={(event) => toggle(run.id, event.target.checked)}
            aria-label={`Select ${run.name} to compare`}
          />
        );
      },
    }),
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
    helper.accessor("criteria", {
      header: "Criteria · mean score",
      enableSorting: false,
      cell: (info) => (
        <ul className="max-w-sm space-y-0.5 text-xs">
          {info.getValue().map((criterion) => (
            <li key={criterion.id} className="flex justify-between gap-2">
              <span className="truncate" title={criterion.text}>
                {criterion.label}
              </span>
              <span className="shrink-0 tabular-nums text-slate-700">
                {criterion.means.length === 0
                  ? "–"
                  : criterion.means.map((m) => `${m.mode !== "agent" && (info.row.original.mode === "both" || criterion.means.length > 1) ? `${m.mode[0].toUpperCase()} ` : ""}${m.meanScore === null ? "–" : m.meanScore.toFixed(2)}`).join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      ),
    }),
    helper.accessor("status", {
      header: "Status",
      enableSorting: false,
      cell: (info) => {
        const run = info.row.original;
        const finished = run.doneCount + run.errorCount;
        return (
          <div className="w-36 space-y-1">
            <StatusBadge status={run.status} />
            {ACTIVE.has(run.status) ? (
              <>
                <ProgressBar fraction={run.total ? finished / run.total : 0} label={`Progress of ${run.name}`} />
                <div className="text-xs text-slate-600 tabular-nums">
                  {finished}/{run.total}
                </div>
              </>
            ) : null}
          </div>
        );
      },
    }),
    helper.accessor("counts", {
      header: "Results",
      enableSorting: false,
      cell: (info) => {
        const c = info.getValue();
        return (
          <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs tabular-nums">
            <dt className="text-emerald-800">passed</dt>
            <dd>{c.passed}</dd>
            <dt className="text-rose-800">failed</dt>
            <dd>{c.failed}</dd>
            <dt className="text-slate-600">n/a</dt>
            <dd>{c.notApplicable}</dd>
            <dt className={c.errors ? "text-rose-900" : "text-slate-600"}>errors</dt>
            <dd>{c.errors}</dd>
          </dl>
        );
      },
    }),
    helper.accessor("seconds", { header: "Duration", enableSorting: false, cell: (info) => (info.getValue() === null ? "–" : `${info.getValue()?.toFixed(1)} s`) }),
    helper.accessor("cacheHits", { header: "Cache hits", enableSorting: false, cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
    helper.accessor("createdAt", { header: "Started", enableSorting: false, cell: (info) => formatDateTime(new Date(info.getValue())) }),
  ]);
}

/** The runs, newest first; two of them can be picked and compared. */
export function RunsTable(props: { rows: RunRow[]; total: number; page: number; size: number }) {
  const [selected, setSelected] = useState<string[]>([]);
  const cols = useMemo(
    () => columns(selected, (id, on) => setSelected((current) => (on ? [...current.filter((other) => other !== id), id].slice(-PICK) : current.filter((other) => other !== id)))),
    [selected],
  );
  const compareHref = `/runs/compare?${selected.map((id) => `run=${encodeURIComponent(id)}`).join("&")}`;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
        {selected.length === PICK ? (
          <Link href={compareHref} className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-500">
            Compare selected runs
          </Link>
        ) : (
          <button type="button" disabled className="cursor-not-allowed rounded-md bg-slate-200 px-3 py-1.5 font-medium text-slate-500">
            Compare selected runs
          </button>
        )}
        <span role="status" className="text-slate-600">
          {selected.length === PICK ? "2 runs selected." : `Select ${PICK - selected.length} more run${PICK - selected.length === 1 ? "" : "s"} to compare.`}
        </span>
      </div>
      <DataTable label="Runs" columns={cols} getRowId={(row) => row.id} sort="createdAt" dir="desc" {...props} />
    </>
  );
}
