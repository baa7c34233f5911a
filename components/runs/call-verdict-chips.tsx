import Link from "next/link";
import type { CallVerdictChip, CallVerdicts } from "@/lib/runs/results/call-verdict-chip";
import { criterionLabel } from "./criterion-label";
import { ResultBadge } from "./result-badge";

const MODE_ORDER = ["immediate", "hindsight"];

/** The chips of one criterion, immediate before hindsight: a chip per criterion reads as the diff between the modes. */
function byCriterion(chips: readonly CallVerdictChip[]): CallVerdictChip[][] {
  const groups = new Map<string, CallVerdictChip[]>();
  for (const chip of chips) groups.set(chip.criterionId, [...(groups.get(chip.criterionId) ?? []), chip]);
  return [...groups.values()].map((group) => group.toSorted((a, b) => MODE_ORDER.indexOf(a.mode) - MODE_ORDER.indexOf(b.mode)));
}

/**
 * A tool call's verdicts from one run, a chip per criterion with its badge in each mode (immediate →
 * hindsight), each a link to that criterion's result on the tool-call page.
 */
export function CallVerdictChips({ verdicts }: { verdicts: CallVerdicts }) {
  return (
    <ul aria-label={`Verdicts from ${verdicts.runName}`} className="flex flex-wrap gap-1.5 border-b border-indigo-100 px-3 py-2">
      {byCriterion(verdicts.chips).map((modes) => {
        const [first] = modes;
        const label = criterionLabel({ text: first.criterionText, title: first.criterionTitle }, 40);
        return (
          <li key={first.criterionId}>
            <Link
              href={`${verdicts.href}#criterion-${first.criterionId}`}
              title={`${first.criterionText}, in ${verdicts.runName}`}
              className="inline-flex max-w-96 items-center gap-1.5 rounded-full border border-slate-200 bg-white py-0.5 pl-2 pr-0.5 text-xs text-slate-700 hover:border-indigo-400"
            >
              <span className="truncate">{label}</span>
              {modes.map((chip, index) => (
                <span key={chip.mode} className="inline-flex shrink-0 items-center gap-1">
                  {index > 0 ? <span aria-hidden="true" className="text-slate-500">→</span> : null}
                  <span className="sr-only">{chip.mode}:</span>
                  <ResultBadge status={chip.status} score={chip.score} passed={chip.passed} scale={chip.scale} />
                </span>
              ))}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
