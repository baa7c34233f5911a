import { ResultBadge } from "@/components/runs/result-badge";
import type { JudgedResultView } from "./types";

const MODE_NAMES = { immediate: "immediate", hindsight: "hindsight" } as const;

/** The judge's results this item asks a person about: which criterion, and what each mode said. */
export function JudgedResult({ judged }: { judged: JudgedResultView }) {
  const { criterion } = judged;
  return (
    <div className="space-y-1" data-testid="judged-result">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Under review</p>
      <p className="text-sm font-medium">
        <a href={`#criterion-${criterion.id}`} className="text-indigo-700 hover:underline">
          {criterion.title ?? criterion.text}
        </a>
      </p>
      {judged.modes && judged.modes.length > 1 ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="judged-modes">
          Judge:
          {judged.modes.map((side) => (
            <span key={side.mode} className="inline-flex items-center gap-1">
              {MODE_NAMES[side.mode]} <ResultBadge status={side.status} score={side.score} passed={side.passed} scale={criterion.scale} />
            </span>
          ))}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Judge, {judged.mode ? MODE_NAMES[judged.mode] : "whole transcript"}:
          <ResultBadge status={judged.status} score={judged.score} passed={judged.passed} scale={criterion.scale} />
        </p>
      )}
    </div>
  );
}
