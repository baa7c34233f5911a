import { markFor, type HumanMark } from "@/lib/runs/results/human-mark";
import type { RunCallResult } from "@/lib/runs/results/run-call-row";
import { HumanMarker } from "./human-marker";
import { ResultBadge } from "./result-badge";

/**
 * One criterion's results for a call: a badge per mode, each followed by a person's verdict when
 * someone reviewed it, and a mark when hindsight changed the verdict.
 */
export function CriterionResults({
  results,
  modes,
  scale,
  flipped,
  humans,
  matches,
}: {
  results: RunCallResult[];
  modes: readonly string[];
  scale: string;
  flipped: boolean;
  /** This criterion's reviewed results, by mode. */
  humans?: readonly HumanMark[];
  /**
   * Given when the view filters by verdict or score: results it did not ask for are muted and
   * say so, so a "fail" filter never seems to list a cell of passes.
   */
  matches?: (result: RunCallResult) => boolean;
}) {
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      {modes.map((mode) => {
        const result = results.find((candidate) => candidate.mode === mode);
        if (!result) return null;
        const human = markFor(humans, result.criterionId, mode);
        const muted = matches ? !matches(result) : false;
        const matched = matches ? !muted : false;
        return (
          <span
            key={mode}
            title={`${mode}${result.error ? `: ${result.error}` : ""}${muted ? " (not what the filter asks for)" : ""}`}
            data-filter={matches ? (matched ? "match" : "other") : undefined}
            className={`inline-flex items-center gap-0.5${muted ? " opacity-35" : ""}${matched ? " rounded ring-2 ring-indigo-400" : ""}`}
          >
            {modes.length > 1 ? (
              <>
                <span aria-hidden="true" className="text-[10px] font-medium uppercase text-slate-500">
                  {mode[0]}
                </span>
                <span className="sr-only">{mode}:</span>
              </>
            ) : null}
            <ResultBadge status={result.status} score={result.score} passed={result.passed} scale={scale} />
            {human ? <HumanMarker mark={human} /> : null}
            {muted ? <span className="sr-only">(not matching the filter)</span> : null}
          </span>
        );
      })}
      {flipped ? (
        <span title="The verdict changed between immediate and hindsight" className="rounded bg-violet-100 px-1 text-xs font-medium text-violet-800">
          <span aria-hidden="true">⇄</span>
          <span className="sr-only">verdict changed</span>
        </span>
      ) : null}
    </span>
  );
}
