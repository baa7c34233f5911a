import Link from "next/link";
import { ResultBadge } from "@/components/runs/result-badge";
import type { AgentResultItem } from "@/lib/runs/results/agent-result";

const REVIEW_STATUS_NAMES: Record<string, string> = { open: "queued", "in-review": "in review", done: "done" };

/**
 * Agent-level results, one row per transcript × agent criterion: the transcript (or the run, on a
 * transcript's page), the criterion, the verdict or score, the explanation and the findings.
 */
export function AgentResultsTable({ rows, show }: { rows: AgentResultItem[]; show: "transcript" | "run" }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" aria-label="Agent-level results">
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th className="px-3 py-2">{show === "transcript" ? "Transcript" : "Run"}</th>
            <th className="px-3 py-2">Criterion</th>
            <th className="px-3 py-2">Result</th>
            <th className="px-3 py-2">Explanation and findings</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="px-3 py-2">
                {show === "transcript" ? (
                  <Link href={`/transcripts/${row.transcriptId}`} className="text-indigo-700 hover:underline">{row.transcriptName}</Link>
                ) : (
                  <Link href={`/runs/${row.runId}`} className="text-indigo-700 hover:underline">{row.runName}</Link>
                )}
              </td>
              <td className="max-w-xs px-3 py-2" title={row.criterionText}>{row.criterionTitle ?? row.criterionText}</td>
              <td className="px-3 py-2">
                <ResultBadge status={row.status} score={row.score} passed={row.passed} scale={row.scale} />
                {row.review ? (
                  <Link href={`/review/${row.review.queueId}/${row.review.id}`} className="mt-1 block text-xs text-indigo-700 hover:underline" data-testid="agent-review-link">
                    Review: {REVIEW_STATUS_NAMES[row.review.status] ?? row.review.status}
                    {row.review.verdict ? `, ${row.review.verdict}` : ""}
                  </Link>
                ) : null}
              </td>
              <td className="max-w-prose px-3 py-2 text-slate-700">
                <p>{row.status === "error" ? row.error : row.explanation}</p>
                {row.findings.length ? (
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-600">
                    {row.findings.map((finding, index) => (
                      <li key={index}>
                        <code className="text-slate-500">{finding.check}</code> ({finding.severity}): {finding.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
