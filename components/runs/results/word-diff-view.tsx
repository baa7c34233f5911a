import type { WordDiff } from "@/lib/runs/results/word-diff";

/**
 * The immediate explanation turned into the hindsight one, word by word. Screen readers do not
 * announce <del> and <ins> by default, so each change carries a hidden label.
 */
export function WordDiffView({ diff, label }: { diff: WordDiff; label: string }) {
  const changed = diff.segments.some((segment) => segment.kind !== "same");
  return (
    <section aria-label={label} className="rounded border border-slate-200 bg-white p-2">
      <h5 className="mb-1 flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        Explanation, immediate → hindsight
        {changed ? (
          <span className="font-normal normal-case" aria-hidden="true">
            <del className="bg-rose-100 px-1 text-rose-900">removed</del> <ins className="bg-emerald-100 px-1 text-emerald-900 no-underline">added</ins>
          </span>
        ) : null}
      </h5>
      {diff.segments.length === 0 ? (
        <p className="text-sm italic text-slate-500">Neither mode gave an explanation.</p>
      ) : !changed ? (
        <p className="text-sm italic text-slate-500">The explanations are identical.</p>
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm" data-testid="word-diff">
          {diff.segments.map((segment, i) =>
            segment.kind === "same" ? (
              <span key={i}>{segment.text}</span>
            ) : segment.kind === "removed" ? (
              <del key={i} className="bg-rose-100 text-rose-900">
                <span className="sr-only">[removed: </span>
                {segment.text}
                <span className="sr-only">]</span>
              </del>
            ) : (
              <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
                <span className="sr-only">[added: </span>
                {segment.text}
                <span className="sr-only">]</span>
              </ins>
            ),
          )}
        </p>
      )}
      {diff.wholeText ? <p className="mt-1 text-xs text-slate-500">Too long or too different to compare word by word: shown as one replacement.</p> : null}
    </section>
  );
}
