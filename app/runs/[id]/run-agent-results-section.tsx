import { formatPercent } from "@/lib/platform/format";
import Link from "next/link";
import { AgentResultsTable } from "@/components/runs/agent/agent-results-table";
import type { AgentCriterionSummary, AgentResultItem } from "@/lib/runs/results/agent-result";
import { AGENT_FILTER_LABELS, CALL_ONLY_FILTER_LABELS, type AgentView } from "@/lib/runs/results/agent-view";

interface Props {
  runId: string;
  results: { rows: AgentResultItem[]; total: number; page: number; pageSize: number };
  /** Per agent criterion: mean score, pass rate, n/a and errors. */
  summary: (AgentCriterionSummary & { label: string })[];
  /** What the run page's filters ask of these results. */
  filters: AgentView;
  /** The calls table's view, kept when paging through the agent-level results. */
  query: string;
}

/**
 * The run's agent-level results, below the tool calls: a row per agent criterion, then, folded,
 * one row per transcript × agent criterion, paged on the server.
 */
export function RunAgentResultsSection({ runId, results, summary, filters, query }: Props) {
  const all = summary.reduce((sum, row) => sum + row.total, 0);
  const pages = Math.max(1, Math.ceil(results.total / results.pageSize));
  const href = (page: number) => {
    const params = new URLSearchParams(query);
    params.set("agentPage", String(page));
    return `/runs/${runId}?${params.toString()}#agent-results-heading`;
  };
  return (
    <section aria-labelledby="agent-results-heading" className="mt-6">
      <h2 id="agent-results-heading" className="mb-1 text-lg font-semibold">
        Agent-level results
      </h2>
      <p className="mb-2 text-sm text-slate-600">Each transcript judged as a whole against each agent criterion: {all} result{all === 1 ? "" : "s"}.</p>
      <div className="relative mb-3 max-w-3xl overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Agent-level results per criterion">
        <thead className="text-xs uppercase text-slate-600">
          <tr>
            <th className="py-1 pr-3">Agent criterion</th>
            <th className="py-1 pr-3 text-right">Transcripts</th>
            <th className="py-1 pr-3 text-right">Mean score</th>
            <th className="py-1 pr-3 text-right">Pass rate</th>
            <th className="py-1 pr-3 text-right">N/A</th>
            <th className="py-1 text-right">Errors</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {summary.map((row) => (
            <tr key={row.criterionId}>
              <td className="py-1 pr-3">{row.label}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{row.total}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{row.meanScore === null ? "–" : row.meanScore.toFixed(2)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{row.passRate === null ? "–" : `${formatPercent(row.passRate)} (${row.passed} of ${row.passed + row.failed})`}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{row.notApplicable}</td>
              <td className="py-1 text-right tabular-nums">{row.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {/* The list folds: one row per transcript and criterion would push everything below it far down. Open when the view filters or pages it. */}
      <details open={filters.applied.length > 0 || results.page > 1}>
        <summary className="mb-2 cursor-pointer text-sm font-medium text-indigo-700 hover:underline">Each result ({results.total.toLocaleString("en-US")})</summary>
      <p className="mb-2 text-xs text-slate-600" data-testid="agent-filters-note">
        Of the filters under Tool calls, these apply here too: model, task, tag, outcome, verdict, score, review status, and criterion when it names an
        agent-level criterion (a call-level one leaves nothing here). Tool, mode, changed between modes and search apply to tool calls only. The
        per-criterion table above counts every transcript.
      </p>
      {filters.applied.length ? (
        <p role="status" className="mb-2 text-sm text-slate-700" data-testid="agent-filters-applied">
          {results.total} of {all} match the {filters.applied.map((key) => AGENT_FILTER_LABELS[key]).join(", ")} filter{filters.applied.length === 1 ? "" : "s"}
          {filters.excluded ? ": the criterion filter names a call-level criterion" : ""}
          {filters.ignored.length ? `; ${filters.ignored.map((key) => CALL_ONLY_FILTER_LABELS[key]).join(", ")} left out (tool calls only)` : ""}.
        </p>
      ) : filters.ignored.length ? (
        <p role="status" className="mb-2 text-sm text-slate-700" data-testid="agent-filters-applied">
          Every agent-level result is listed: {filters.ignored.map((key) => CALL_ONLY_FILTER_LABELS[key]).join(", ")} apply to tool calls only.
        </p>
      ) : null}
      {results.rows.length ? <AgentResultsTable rows={results.rows} show="transcript" /> : <p className="text-sm italic text-slate-500">No agent-level result matches these filters.</p>}
      {pages > 1 ? (
        <nav aria-label="Agent-level results pages" className="mt-2 flex items-center gap-3 text-sm">
          {results.page > 1 ? <Link href={href(results.page - 1)} className="text-indigo-700 hover:underline">Previous</Link> : null}
          <span className="text-slate-600">
            Page {results.page} of {pages}
          </span>
          {results.page < pages ? <Link href={href(results.page + 1)} className="text-indigo-700 hover:underline">Next</Link> : null}
        </nav>
      ) : null}
      </details>
    </section>
  );
}
