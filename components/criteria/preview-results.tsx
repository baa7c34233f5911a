import Link from "next/link";
import { ResultBadge } from "@/components/runs/result-badge";
import type { PreviewRow } from "@/lib/criteria/schemas/preview";

const MODE_LABEL = { immediate: "immediate", hindsight: "hindsight" } as const;

/** A preview's results, one row per call × criterion × view; nothing here is stored. */
export function PreviewResults({ rows, showCriterion }: { rows: PreviewRow[]; showCriterion: boolean }) {
  return (
    <div className="relative overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full text-left text-sm" aria-label="Preview results">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th className="px-2 py-1 font-medium">Transcript</th>
            <th className="px-2 py-1 font-medium">Call</th>
            {showCriterion ? <th className="px-2 py-1 font-medium">Criterion</th> : null}
            <th className="px-2 py-1 font-medium">Mode</th>
            <th className="px-2 py-1 font-medium">Verdict</th>
            <th className="px-2 py-1 font-medium">Explanation</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.toolCallId}|${row.criterion}|${row.mode}`} className="align-top">
              <td className="max-w-48 truncate px-2 py-1" title={row.transcriptName}>
                <Link href={`/transcripts/${row.transcriptId}`} className="text-indigo-700 hover:underline">{row.transcriptName}</Link>
              </td>
              <td className="whitespace-nowrap px-2 py-1">
                #{row.ordinal} <code className="text-xs">{row.toolName}</code>
              </td>
              {showCriterion ? (
                <td className="max-w-64 px-2 py-1 text-xs text-slate-700" title={row.criterion}>
                  <span className="line-clamp-2">{row.criterion}</span>
                </td>
              ) : null}
              <td className="px-2 py-1 text-xs text-slate-600">{MODE_LABEL[row.mode]}</td>
              <td className="whitespace-nowrap px-2 py-1">
                <ResultBadge status={row.status} score={row.score} passed={row.passed} scale={row.scale} />
                {row.cached ? <span className="ml-1 text-xs text-slate-500" title="An earlier run already judged this call the same way">cached</span> : null}
              </td>
              <td className={`px-2 py-1 text-xs ${row.status === "error" ? "text-rose-800" : "text-slate-700"}`}>
                {row.explanation}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
