import { columnVisibilityFeature, createColumnHelper, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import Link from "next/link";
import { CriterionResults, type CallResult } from "./criterion-results";

/** Sorting and column visibility only: filtering and paging happen in SQL, never in the browser. */
export const runCallFeatures = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

export interface RunCallTableRow {
  toolCallId: string;
  transcriptId: string;
  transcriptName: string;
  ordinal: number;
  toolName: string;
  argumentsPreview: string;
  results: CallResult[];
  flipped: string[];
}

export interface RunCriterionColumn {
  id: string;
  /** Short column id for the URL's `hide` list: criterion ids would soon outgrow it. */
  columnId: string;
  label: string;
  text: string;
  scale: string;
}

const helper = createColumnHelper<typeof runCallFeatures, RunCallTableRow>();

/** Column ids the URL knows, with the label the column menu shows. */
export const FIXED_COLUMNS = { transcript: "Transcript", call: "Call", tool: "Tool", arguments: "Arguments" } as const;

/**
 * Columns of the run's calls table. Sortable columns map onto the view's sorts (transcript
 * order, tool, a criterion's score); the sort itself is the server's. `callHref` gives the
 * tool-call page's link with the current view, so its previous/next follow this filter.
 */
export function runCallColumns(criteria: RunCriterionColumn[], modes: string[], callHref: (toolCallId: string) => string) {
  return helper.columns([
    helper.accessor("transcriptName", {
      id: "transcript",
      header: FIXED_COLUMNS.transcript,
      sortDescFirst: false,
      cell: (info) => (
        <Link
          href={`/transcripts/${info.row.original.transcriptId}#call-${info.row.original.ordinal}`}
          title={info.getValue()}
          className="block max-w-[14rem] truncate text-indigo-700 hover:underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor("ordinal", {
      id: "call",
      header: FIXED_COLUMNS.call,
      enableSorting: false,
      // The way to a call's page: always shown.
      enableHiding: false,
      cell: (info) => (
        <Link href={callHref(info.row.original.toolCallId)} className="font-medium whitespace-nowrap text-indigo-700 hover:underline" aria-label={`Call ${info.getValue()} of ${info.row.original.transcriptName}: ${info.row.original.toolName}`}>
          #{info.getValue()}
        </Link>
      ),
    }),
    helper.accessor("toolName", { id: "tool", header: FIXED_COLUMNS.tool, sortDescFirst: false, cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span> }),
    helper.accessor("argumentsPreview", {
      id: "arguments",
      header: FIXED_COLUMNS.arguments,
      enableSorting: false,
      cell: (info) => (
        <span className="block max-w-xs truncate font-mono text-xs text-slate-600" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
    ...criteria.map((criterion) =>
      // An accessor column, because TanStack sorts only those; the value is never compared here.
      helper.accessor((row) => row.results.filter((result) => result.criterionId === criterion.id), {
        id: criterion.columnId,
        header: () => <span title={criterion.text}>{criterion.label}</span>,
        sortDescFirst: false,
        cell: (info) => <CriterionResults results={info.getValue()} modes={modes} scale={criterion.scale} flipped={info.row.original.flipped.includes(criterion.id)} />,
      }),
    ),
  ]);
}
