import Link from "next/link";
import type { CallVerdicts } from "@/lib/runs/results/call-verdict-chip";
import { criterionLabel } from "./criterion-label";
import { ResultBadge } from "./result-badge";

/** A tool call's verdicts from one run, each chip a link to the result: criterion, mode and badge. */
export function CallVerdictChips({ verdicts }: { verdicts: CallVerdicts }) {
  const bothModes = new Set(verdicts.chips.map((chip) => chip.mode)).size > 1;
  return (
    <ul aria-label={`Verdicts from ${verdicts.runName}`} className="flex flex-wrap gap-1.5 border-b border-indigo-100 px-3 py-2">
      {verdicts.chips.map((chip) => (
        <li key={`${chip.criterionId}-${chip.mode}`}>
          <Link
            href={verdicts.href}
            title={`${chip.criterionText} (${chip.mode}), in ${verdicts.runName}`}
            className="inline-flex max-w-72 items-center gap-1.5 rounded-full border border-slate-200 bg-white py-0.5 pl-2 pr-0.5 text-xs text-slate-700 hover:border-indigo-400"
          >
            <span className="truncate">
              {criterionLabel({ text: chip.criterionText, title: chip.criterionTitle }, 32)}
              {bothModes ? <span className="text-slate-500"> · {chip.mode}</span> : null}
            </span>
            <ResultBadge status={chip.status} score={chip.score} passed={chip.passed} scale={chip.scale} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
