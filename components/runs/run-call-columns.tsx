import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/ui/table/data-table";
import type { CriterionScale } from "@/lib/criteria/prefixes";
import { filtersResults, resultMatches, type ResultFilter } from "@/lib/runs/results/result-filter";
import type { RunCallRow } from "@/lib/runs/results/run-call-row";
import { OutcomeBadge } from "@/components/transcripts/metadata/outcome-badge";
import { TagList } from "@/components/transcripts/metadata/tag-list";
import { TaskLabel } from "@/components/transcripts/metadata/task-label";
import { CriterionResults } from "./criterion-results";

export interface RunCriterionColumn {
  id: string;
  /** Short column id for the URL's `hide` list: criterion ids would soon outgrow it. */
  columnId: string;
  label: string;
  text: string;
  scale: string;
}

const helper = createColumnHelper<DataTableFeatures, RunCallRow>();

/** Column ids the URL knows, with the label the column menu shows. */
export const FIXED_COLUMNS = { transcript: "Transcript", call: "Call", tool: "Tool", arguments: "Arguments" } as const;

/** The transcripts' metadata columns, shown when some transcript of the run has the field. */
export const METADATA_COLUMNS = { model: "Model", task: "Task", tags: "Tags", outcome: "Outcome" } as const;
export type MetadataColumnsShown = Record<keyof typeof METADATA_COLUMNS, boolean>;

/** Columns pinned at the left while criteria scroll sideways, with their widths (rem). */
export const STICKY_COLUMNS = [
  { id: "transcript", rem: 12 },
  { id: "call", rem: 4.5 },
  { id: "tool", rem: 11 },
] as const;

/** The call's link is the way to its page: that column is always shown. */
const ALWAYS_SHOWN = new Set<string>(["call"]);

/** Every column's id and label, in order, and whether the column menu may hide it. */
export function runCallColumnLabels(criteria: readonly RunCriterionColumn[], shown: MetadataColumnsShown): { id: string; label: string; hideable: boolean }[] {
  const metadata = Object.entries(METADATA_COLUMNS).filter(([id]) => shown[id as keyof MetadataColumnsShown]);
  // Criteria before metadata: the results are what the page is for, and must not be pushed off-screen.
  return [...Object.entries(FIXED_COLUMNS), ...criteria.map((c): [string, string] => [c.columnId, c.label]), ...metadata].map(([id, label]) => ({
    id,
    label,
    hideable: !ALWAYS_SHOWN.has(id),
  }));
}

function metadataColumns(shown: MetadataColumnsShown) {
  const columns = [
    shown.model
      ? helper.accessor((row) => row.transcript.model, {
          id: "model",
          header: METADATA_COLUMNS.model,
          enableSorting: false,
          cell: (info) => <span className="block max-w-[10rem] truncate font-mono text-xs">{info.getValue() ?? <span className="text-slate-400">—</span>}</span>,
        })
      : null,
    shown.task
      ? helper.accessor((row) => row.transcript.taskId, {
          id: "task",
          header: METADATA_COLUMNS.task,
          enableSorting: false,
          cell: (info) => (
            <span className="block max-w-[10rem]">
              <TaskLabel taskId={info.getValue()} trial={info.row.original.transcript.trial} />
            </span>
          ),
        })
      : null,
    shown.tags
      ? helper.accessor((row) => row.transcript.tags, { id: "tags", header: METADATA_COLUMNS.tags, enableSorting: false, cell: (info) => <TagList tags={info.getValue()} /> })
      : null,
    shown.outcome
      ? helper.accessor((row) => row.transcript.success, {
          id: "outcome",
          header: METADATA_COLUMNS.outcome,
          enableSorting: false,
          cell: (info) => <OutcomeBadge success={info.getValue()} reward={info.row.original.transcript.reward} />,
        })
      : null,
  ];
  return columns.filter((column) => column !== null);
}

/**
 * Columns of the run's calls table. Sortable columns map onto the view's sorts (transcript
 * order, tool, a criterion's score); the sort itself is the server's. `callHref` gives the
 * tool-call page's link with the current view, so its previous/next follow this filter.
 */
export function runCallColumns(
  criteria: readonly RunCriterionColumn[],
  modes: readonly string[],
  callHref: (toolCallId: string) => string,
  filter: ResultFilter = {},
  shown: MetadataColumnsShown = { model: false, task: false, tags: false, outcome: false },
) {
  const marking = filtersResults(filter);
  return helper.columns([
    helper.accessor("transcriptName", {
      id: "transcript",
      header: FIXED_COLUMNS.transcript,
      sortDescFirst: false,
      cell: (info) => (
        <>
          <Link
            href={`/transcripts/${info.row.original.transcriptId}#call-${info.row.original.ordinal}`}
            prefetch={false}
            title={info.getValue()}
            className="block truncate text-indigo-700 hover:underline"
          >
            {info.getValue()}
          </Link>
          {/* Names are often the same first user message: the task tells such transcripts apart. */}
          {info.row.original.transcript.taskId !== null ? <TaskLabel taskId={info.row.original.transcript.taskId} trial={info.row.original.transcript.trial} /> : null}
        </>
      ),
    }),
    helper.accessor("ordinal", {
      id: "call",
      header: FIXED_COLUMNS.call,
      enableSorting: false,
      enableHiding: false,
      cell: (info) => (
        <Link
          href={callHref(info.row.original.toolCallId)}
          prefetch={false}
          className="font-medium whitespace-nowrap text-indigo-700 hover:underline"
          aria-label={`Call ${info.getValue()} of ${info.row.original.transcriptName}: ${info.row.original.toolName}`}
        >
          #{info.getValue()}
        </Link>
      ),
    }),
    helper.accessor("toolName", {
      id: "tool",
      header: FIXED_COLUMNS.tool,
      sortDescFirst: false,
      cell: (info) => (
        <span className="block truncate font-mono text-xs" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
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
        header: () => (
          <span title={criterion.text} className={`inline-block max-w-[13rem] whitespace-normal${filter.criterion === criterion.id ? " underline decoration-indigo-400 decoration-2" : ""}`}>
            {criterion.label}
          </span>
        ),
        sortDescFirst: false,
        cell: (info) => (
          <CriterionResults
            results={info.getValue()}
            modes={modes}
            scale={criterion.scale}
            flipped={info.row.original.flipped.includes(criterion.id)}
            humans={info.row.original.humans}
            matches={marking ? (result) => resultMatches(result, criterion.scale as CriterionScale, filter) : undefined}
          />
        ),
      }),
    ),
    // After the criteria, as in runCallColumnLabels.
    ...metadataColumns(shown),
  ]);
}
