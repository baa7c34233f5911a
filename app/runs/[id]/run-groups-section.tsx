import Link from "next/link";
import { RunGroupsTable, type RunGroupColumn } from "@/components/runs/results/run-groups-table";
import { AGENT_MODE } from "@/lib/runs/results/outcome-separation";
import type { RunGroup } from "@/lib/runs/results/run-groups";
import type { RunGroupField } from "@/lib/runs/schemas/run-view";

const FIELD_LABEL: Record<RunGroupField, string> = { model: "model", task: "task", tag: "tag", outcome: "outcome", tool: "tool" };
const OPTION_LABEL: Record<RunGroupField, string> = { model: "Model", task: "Task", tag: "Tag", outcome: "Outcome", tool: "Tool" };
// Every call names its tool, so grouped by tool no group lacks a value.
const NONE_LABEL: Record<Exclude<RunGroupField, "tool">, string> = { model: "No model", task: "No task", tag: "No tag", outcome: "No outcome" };

interface Props {
  runId: string;
  /** The fields the run's transcripts have values for, and tool when it judged calls: only those are offered. */
  fields: RunGroupField[];
  field: RunGroupField | undefined;
  /** The page's query without `group`, so choosing a grouping keeps the table's view. */
  query: string;
  columns: RunGroupColumn[];
  groups: Promise<{ groups: RunGroup[]; more: number }> | null;
}

const withParams = (runId: string, query: string, extra: Record<string, string>) => {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return `/runs/${runId}${text ? `?${text}` : ""}`;
};

function keyLabel(field: RunGroupField, key: string | null): string {
  if (key === null) return field === "tool" ? "" : NONE_LABEL[field];
  return field === "outcome" ? (key === "success" ? "Success" : "Failure") : key;
}

/** Links to group the run's results by a metadata field or by tool, and the chosen grouping's table. */
export async function RunGroupsSection({ runId, fields, field, query, columns, groups }: Props) {
  if (fields.length === 0) return null;
  const result = groups ? await groups : null;
  // An agent-level result judges a whole transcript, not the calls of one tool: grouped by tool, it has no cells.
  const agentLeftOut = field === "tool" && columns.some((column) => column.mode === AGENT_MODE);
  const shown = agentLeftOut ? columns.filter((column) => column.mode !== AGENT_MODE) : columns;
  return (
    <section aria-labelledby="groups-heading" className="mt-6">
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="groups-heading" className="text-lg font-semibold">
          Results by group
        </h2>
        <nav aria-label="Group results by" className="flex flex-wrap gap-2 text-sm">
          {fields.map((option) =>
            option === field ? (
              <span key={option} aria-current="true" className="rounded-md bg-slate-800 px-2 py-0.5 text-white">
                {OPTION_LABEL[option]}
              </span>
            ) : (
              <Link key={option} href={`${withParams(runId, query, { group: option })}#groups-heading`} className="rounded-md border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-100">
                {OPTION_LABEL[option]}
              </Link>
            ),
          )}
          {field ? (
            <Link href={`${withParams(runId, query, {})}#groups-heading`} className="px-2 py-0.5 text-indigo-700 hover:underline">
              Hide
            </Link>
          ) : null}
        </nav>
      </div>
      {field && result ? (
        <>
          <p className="mb-2 text-sm text-slate-600">
            Each criterion&apos;s pass rate on the calls of each {FIELD_LABEL[field]}, over the whole run; the groups where most calls fail come first. Success is the share of the group&apos;s
            transcripts{field === "tool" ? " (those with a call of the tool)" : ""} whose recorded outcome was a success, and mean reward the mean of their recorded rewards, to set beside the verdicts. A group opens the run&apos;s
            calls filtered to it.{agentLeftOut ? " Agent-level criteria judge whole transcripts, not one tool's calls, so they are left out here." : ""}
          </p>
          <RunGroupsTable
            fieldLabel={FIELD_LABEL[field]}
            groups={result.groups}
            more={result.more}
            columns={shown}
            hrefFor={(key) => `${withParams(runId, query, { [field]: key })}#calls-heading`}
            keyLabel={(key) => keyLabel(field, key)}
          />
        </>
      ) : null}
    </section>
  );
}
