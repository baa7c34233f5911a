import { criterionLabel } from "@/components/runs/criterion-label";
import { HumanMarker } from "@/components/runs/human-marker";
import { ResultBadge } from "@/components/runs/result-badge";
import type { ModeComparison } from "@/lib/runs/results/compare-modes";
import type { CriterionResultView } from "./criterion-result-panel";
import type { ModeSideView } from "./mode-result-card";

/** The judge's badge, and a person's verdict after it when someone gave one. */
function Badge({ side, scale }: { side: ModeSideView | null; scale: string }) {
  if (!side) return <span className="text-slate-400">–</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <ResultBadge status={side.result.status} score={side.result.score} passed={side.result.passed} scale={scale} />
      {side.human?.verdict ? <HumanMarker mark={side.human} /> : null}
    </span>
  );
}

function change(comparison: ModeComparison | null): { text: string; flipped: boolean } {
  if (!comparison) return { text: "–", flipped: false };
  switch (comparison.kind) {
    case "continuous":
      return { text: `Δ ${comparison.delta > 0 ? "+" : comparison.delta < 0 ? "−" : "±"}${Math.abs(comparison.delta).toFixed(2)}`, flipped: comparison.flipped };
    case "binary":
      return { text: comparison.flipped ? "" : "same verdict", flipped: comparison.flipped };
    case "applicability":
      return { text: comparison.change.replaceAll("-", " "), flipped: false };
    case "not-judged":
      return { text: "not judged", flipped: false };
    case "incomplete":
      return { text: `not compared (${comparison.reason})`, flipped: false };
  }
}

/** Every criterion's verdict on the call at a glance, each row leading to its full comparison below. */
export function ResultsOverview({ results }: { results: CriterionResultView[] }) {
  const bothModes = results.some((result) => result.bothModes);
  return (
    <div className="mb-4 relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label="Results at a glance">
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2">Criterion</th>
            {bothModes ? (
              <>
                <th scope="col" className="px-3 py-2">Immediate</th>
                <th scope="col" className="px-3 py-2">Hindsight</th>
                <th scope="col" className="px-3 py-2">Change</th>
              </>
            ) : (
              <th scope="col" className="px-3 py-2">Result</th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {results.map((result) => {
            const { text, flipped } = change(result.comparison);
            return (
              <tr key={result.criterion.id}>
                <td className="px-3 py-1.5">
                  {/* The short label, as the run table's headers: the column beside the conversation is narrow, and the panel below gives the whole text. */}
                  <a href={`#criterion-${result.criterion.id}`} title={result.criterion.text} className="text-indigo-700 hover:underline">
                    {criterionLabel(result.criterion, 48)}
                  </a>
                </td>
                {bothModes ? (
                  <>
                    <td className="px-3 py-1.5"><Badge side={result.immediate} scale={result.criterion.scale} /></td>
                    <td className="px-3 py-1.5"><Badge side={result.hindsight} scale={result.criterion.scale} /></td>
                    <td className="whitespace-nowrap px-3 py-1.5 text-xs tabular-nums text-slate-700">
                      {text}
                      {flipped ? <span className="ml-1 rounded bg-violet-100 px-1.5 py-0.5 font-semibold text-violet-900">flipped</span> : null}
                    </td>
                  </>
                ) : (
                  <td className="px-3 py-1.5"><Badge side={result.immediate ?? result.hindsight} scale={result.criterion.scale} /></td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
