import { ResultBadge } from "@/components/runs/result-badge";
import { FoldedText } from "@/components/ui/fold/folded-text";
import { EXPLANATION_FOLD } from "@/components/ui/fold/text-fold";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { HumanMark } from "@/lib/runs/results/human-mark";
import type { ModeResult } from "@/lib/runs/results/mode-result";
import { verdictOf } from "@/lib/runs/results/verdict";
import { FindingsList } from "./finding-item";
import { HumanReviewLine } from "./human-review-line";

export interface ModeSideView {
  mode: ViewMode;
  result: ModeResult;
  judgeId: string | null;
  latencyMs: number | null;
  cached: boolean;
  error: string | null;
  /** A person's review of this result, when it was queued for one. */
  human?: HumanMark | null;
}

export const MODE_TITLES: Record<ViewMode, { title: string; hint: string }> = {
  immediate: { title: "Immediate", hint: "judged before the tool response" },
  hindsight: { title: "Hindsight", hint: "judged with the response and what followed" },
};

/** The badge shows a score or a verdict; a continuous score's verdict is said in words beside it. */
function Verdict({ result, scale }: { result: ModeResult; scale: CriterionScale }) {
  if (scale !== "continuous" || result.status !== "done") return null;
  return <span className="text-sm text-slate-700">{verdictOf(result, scale) ?? "no verdict"}</span>;
}

/** One mode's result for a criterion; the findings are listed here only when no diff shows them. */
export function ModeResultCard({
  mode,
  side,
  scale,
  showFindings,
  sameExplanationAs,
}: {
  mode: ViewMode;
  side: ModeSideView | null;
  scale: CriterionScale;
  showFindings: boolean;
  /** The other mode's title when both gave this very explanation: it is then not printed twice. */
  sameExplanationAs?: string;
}) {
  const { title, hint } = MODE_TITLES[mode];
  return (
    <article aria-label={`${title} result`} className="min-w-0 rounded border border-slate-200 bg-white p-3">
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold">{title}</h4>
        <span className="text-xs text-slate-500">{hint}</span>
        {side ? (
          <span className="ml-auto flex items-center gap-2">
            {/* Named only when a person's verdict sits below, so the two are not confused. */}
            {side.human ? <span className="text-xs text-slate-500">Judge</span> : null}
            <ResultBadge status={side.result.status} score={side.result.score} passed={side.result.passed} scale={scale} />
            <Verdict result={side.result} scale={scale} />
          </span>
        ) : null}
      </header>
      {side ? (
        <>
          {side.human ? <HumanReviewLine mark={side.human} /> : null}
          <p className="mb-2 text-xs text-slate-500">
            {side.judgeId ?? "no judge"}
            {side.latencyMs !== null ? ` · ${side.latencyMs.toLocaleString("en-US")} ms` : ""}
            {side.cached ? " · from cache" : ""}
          </p>
          {side.error ? <p className="mb-2 rounded bg-rose-50 p-2 text-sm text-rose-800">{side.error}</p> : null}
          <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Explanation</h5>
          {/* A long explanation opens on its first lines, so the other verdicts stay near. */}
          <div className="mt-0.5 text-sm" data-testid={`explanation-${mode}`}>
            {sameExplanationAs ? (
              <p className="italic text-slate-500">Same as {sameExplanationAs.toLowerCase()}.</p>
            ) : side.result.explanation ? (
              <FoldedText text={side.result.explanation} limits={EXPLANATION_FOLD} preview="5rem" className="whitespace-pre-wrap break-words" />
            ) : (
              <p className="italic text-slate-500">None given.</p>
            )}
          </div>
          {showFindings && side.result.findings.length > 0 ? (
            <>
              <h5 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Findings</h5>
              <FindingsList findings={side.result.findings} label={`${title} findings`} />
            </>
          ) : null}
        </>
      ) : (
        <p className="text-sm italic text-slate-500">The run has no {mode} result for this call.</p>
      )}
    </article>
  );
}
