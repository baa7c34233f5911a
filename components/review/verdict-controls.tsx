"use client";

import type { Ref } from "react";
import { CorrectionForm, type Correction } from "./correction-form";
import { HumanVerdictBadge } from "./review-badges";
import { formatWhen } from "./time";
import type { HumanVerdictKind, HumanVerdictView, JudgedResultView } from "./types";

interface Props {
  verdict: HumanVerdictView | null;
  judged: JudgedResultView;
  /** The reviewer may act now: their role allows it and nobody else holds the item. */
  enabled: boolean;
  pending: boolean;
  correcting: boolean;
  correctionErrors: string[] | undefined;
  correctionRef: Ref<HTMLInputElement>;
  onVerdict: (kind: Exclude<HumanVerdictKind, "disagree">) => void;
  onStartDisagree: () => void;
  onCorrection: (correction: Correction) => void;
  onCancelDisagree: () => void;
}

const base = "rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500";
const tones: Record<HumanVerdictKind, { on: string; off: string }> = {
  agree: { on: "border-emerald-600 bg-emerald-600 text-white", off: "border-slate-300 bg-white hover:border-emerald-500" },
  disagree: { on: "border-rose-600 bg-rose-600 text-white", off: "border-slate-300 bg-white hover:border-rose-500" },
  discuss: { on: "border-amber-500 bg-amber-500 text-white", off: "border-slate-300 bg-white hover:border-amber-500" },
};


/** Agree, disagree (with the correct answer) or needs discussion: the human verdict on the judge's result. */
export function VerdictControls(props: Props) {
  const { verdict, judged, enabled, pending, correcting } = props;
  const correction = verdict?.kind === "disagree" ? verdict.summary : null;
  const button = (kind: HumanVerdictKind, label: string, key: string, onClick: () => void) => {
    const on = verdict?.kind === kind || (kind === "disagree" && correcting);
    return (
      <button type="button" aria-pressed={on} aria-keyshortcuts={key} disabled={!enabled || pending} onClick={onClick} className={`${base} ${on ? tones[kind].on : tones[kind].off}`}>
        {label} <kbd aria-hidden="true" className="ml-1 font-mono text-xs opacity-75">{key}</kbd>
      </button>
    );
  };

  return (
    <section aria-labelledby="verdict-heading" className="space-y-2">
      <h3 id="verdict-heading" className="text-sm font-semibold">Your verdict</h3>
      <div role="group" aria-label="Human verdict" className="flex flex-wrap gap-2">
        {button("agree", "Agree", "a", () => props.onVerdict("agree"))}
        {button("disagree", "Disagree", "d", props.onStartDisagree)}
        {button("discuss", "Needs discussion", "s", () => props.onVerdict("discuss"))}
      </div>
      {correcting && enabled ? (
        <CorrectionForm
          judged={judged}
          pending={pending}
          errors={props.correctionErrors}
          firstFieldRef={props.correctionRef}
          onSubmit={props.onCorrection}
          onCancel={props.onCancelDisagree}
        />
      ) : null}
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="human-verdict">
        <HumanVerdictBadge kind={verdict?.kind ?? null} />
        {correction ? <span className="font-medium text-rose-800">{correction}</span> : null}
        {verdict?.by ? (
          <span>
            by {verdict.by.name}
            {verdict.at ? <> · <time dateTime={verdict.at}>{formatWhen(verdict.at)}</time></> : null}
          </span>
        ) : null}
      </p>
    </section>
  );
}
