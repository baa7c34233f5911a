import { markFor, type HumanMark } from "@/lib/results/human-mark";
import type { RunCallResult } from "@/lib/results/run-call-row";
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
}: {
  results: RunCallResult[];
  modes: readonly string[];
  scale: string;
  flipped: boolean;
  /** This criterion's reviewed results, by mode. */
  humans?: readonly HumanMark[];
}) {
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      {modes.map((mode) => {
        const result = results.find((candidate) => candidate.mode === mode);
        if (!result) return null;
        const human = markFor(humans, result.criterionId, mode);
        return (
          <span key={mode} title={`${mode}${result.error ? `: ${result.error}` : ""}`} className="inline-flex items-center gap-0.5">
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
