import { CriterionKindBadge } from "@/components/criteria/criterion-kind-badge";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { ModeComparison } from "@/lib/runs/results/compare-modes";
import type { FindingsDiff } from "@/lib/runs/results/findings-diff";
import type { WordDiff } from "@/lib/runs/results/word-diff";
import { FindingsDiffView } from "./findings-diff-view";
import { ModeChange } from "./mode-change";
import { ModeResultCard, type ModeSideView } from "./mode-result-card";
import { WordDiffView } from "./word-diff-view";

export interface CriterionResultView {
  criterion: { id: string; text: string; title: string | null; kind: string; scale: CriterionScale };
  bothModes: boolean;
  immediate: ModeSideView | null;
  hindsight: ModeSideView | null;
  comparison: ModeComparison | null;
  explanationDiff: WordDiff | null;
  findings: FindingsDiff | null;
}

/**
 * One criterion's verdict on the call. A run judged in both modes shows them with what changed:
 * side by side where the panel is wide, one above the other in a side column (a container query,
 * so the same panel serves the page's summary column and a wide page); otherwise the one mode it
 * judged stands alone.
 */
export function CriterionResultPanel({ view }: { view: CriterionResultView }) {
  const { criterion } = view;
  const headingId = `criterion-${criterion.id}`;
  const single = view.immediate ?? view.hindsight;
  const explanationChanged = view.explanationDiff?.segments.some((segment) => segment.kind !== "same") ?? false;
  const sameExplanation = !explanationChanged && view.immediate !== null && view.hindsight !== null && Boolean(view.immediate.result.explanation) && view.immediate.result.explanation === view.hindsight.result.explanation;
  return (
    <section aria-labelledby={headingId} className="@container rounded-lg border border-slate-200 bg-slate-50 p-3">
      <header className="mb-3 flex flex-wrap items-start gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 text-base font-semibold">
          {criterion.title ?? criterion.text}
        </h3>
        <CriterionKindBadge kind={criterion.kind} />
      </header>
      {criterion.title ? <p className="-mt-2 mb-3 text-sm text-slate-600">{criterion.text}</p> : null}
      {view.bothModes ? (
        <div className="space-y-3">
          {view.comparison ? <ModeChange comparison={view.comparison} /> : null}
          <div className="grid gap-3 @2xl:grid-cols-2">
            <ModeResultCard mode="immediate" side={view.immediate} scale={criterion.scale} showFindings={!view.findings} />
            <ModeResultCard mode="hindsight" side={view.hindsight} scale={criterion.scale} showFindings={!view.findings} sameExplanationAs={sameExplanation ? "Immediate" : undefined} />
          </div>
          {/* Identical explanations need no diff: the card above says so once. The diff repeats both
              explanations word by word, so it waits behind its summary until asked for. */}
          {view.explanationDiff && explanationChanged ? (
            <details className="rounded border border-slate-200 bg-white">
              <summary className="cursor-pointer px-2 py-1.5 text-sm font-medium">What changed in the explanation</summary>
              <WordDiffView diff={view.explanationDiff} label={`Explanation diff: ${criterion.title ?? criterion.text}`} />
            </details>
          ) : null}
          {view.findings ? (
            <div>
              <h4 className="mb-1 text-sm font-semibold">Findings</h4>
              <FindingsDiffView diff={view.findings} />
            </div>
          ) : null}
        </div>
      ) : single ? (
        <ModeResultCard mode={single.mode} side={single} scale={criterion.scale} showFindings />
      ) : null}
    </section>
  );
}
