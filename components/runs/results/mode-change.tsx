import type { ApplicabilityChange, ModeComparison } from "@/lib/runs/results/compare-modes";
import { PASS_THRESHOLD } from "@/lib/runs/results/verdict";

const verdictWord = (passed: boolean) => (passed ? "pass" : "fail");

function Flip({ flipped, from, to }: { flipped: boolean; from: boolean; to: boolean }) {
  return flipped ? (
    <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900" data-testid="verdict-flipped">
      Verdict flipped: {verdictWord(from)} → {verdictWord(to)}
    </span>
  ) : (
    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">Verdict unchanged: {verdictWord(to)}</span>
  );
}

const applicability: Record<ApplicabilityChange, string> = {
  "immediate-only": "Judged immediately only: the run has no hindsight result.",
  "hindsight-only": "Judged in hindsight only: the run has no immediate result.",
  "became-applicable": "Not applicable immediately; judged in hindsight.",
  "became-not-applicable": "Judged immediately; not applicable in hindsight.",
};

const direction = { up: { arrow: "↑", text: "higher in hindsight" }, down: { arrow: "↓", text: "lower in hindsight" }, same: { arrow: "=", text: "the same in both" } };

/** How the hindsight result differs from the immediate one, in words: delta, direction, flip. */
export function ModeChange({ comparison }: { comparison: ModeComparison }) {
  switch (comparison.kind) {
    case "continuous": {
      const { arrow, text } = direction[comparison.direction];
      const sign = comparison.delta > 0 ? "+" : comparison.delta < 0 ? "−" : "±";
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="tabular-nums">
            Score {comparison.from.toFixed(2)} → {comparison.to.toFixed(2)}
          </span>
          <span className="tabular-nums font-medium" data-testid="score-delta">
            <span aria-hidden="true">{arrow} </span>Δ {sign}
            {Math.abs(comparison.delta).toFixed(2)} ({text})
          </span>
          <Flip flipped={comparison.flipped} from={comparison.from >= PASS_THRESHOLD} to={comparison.to >= PASS_THRESHOLD} />
        </p>
      );
    }
    case "binary":
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Flip flipped={comparison.flipped} from={comparison.from} to={comparison.to} />
        </p>
      );
    case "applicability":
      return <p className="text-sm text-slate-700">{applicability[comparison.change]}</p>;
    case "not-judged":
      return <p className="text-sm text-slate-700">Not judged in either mode (immediately: {comparison.immediate}, in hindsight: {comparison.hindsight}).</p>;
    case "incomplete":
      return (
        <p className="text-sm text-slate-700">
          Not compared{comparison.reason === "pending" || comparison.reason === "running" ? " yet" : ""}: immediately {comparison.immediate}, in hindsight {comparison.hindsight}
          {comparison.reason === "invalid" ? " (a result lacks the score or verdict its scale needs)" : ""}.
        </p>
      );
  }
}
