"use client";

import { useId, type Ref } from "react";
import type { JudgedResultView } from "./types";

/** What the reviewer says the judge should have answered; the score is sent as typed so the server judges it. */
export type Correction = { scale: "binary"; passed: boolean } | { scale: "continuous"; score: string };

interface Props {
  judged: JudgedResultView;
  pending: boolean;
  errors: string[] | undefined;
  /** Focused when the form opens: the proposed verdict, or the score field. */
  firstFieldRef: Ref<HTMLInputElement>;
  onSubmit: (correction: Correction) => void;
  onCancel: () => void;
}

const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/**
 * Disagreeing means saying what is right: the other verdict for a pass/fail criterion, a score
 * for a scored one. Browser validation is off so the server's message is the one shown.
 */
export function CorrectionForm({ judged, pending, errors, firstFieldRef, onSubmit, onCancel }: Props) {
  const errorId = useId();
  const binary = judged.criterion.scale === "binary";
  // The judge said fail, so the likely correction is pass (and the other way round).
  const proposed = judged.passed === null ? (judged.score ?? 0) < 0.5 : !judged.passed;
  const invalid = errors && errors.length > 0;

  return (
    <form
      aria-label="Correct verdict"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onSubmit(binary ? { scale: "binary", passed: data.get("passed") === "pass" } : { scale: "continuous", score: String(data.get("score") ?? "") });
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
        // Browsers do not all submit a form on Enter from a radio button; the keyboard flow needs it.
        if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type === "radio") {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
      className="space-y-2 rounded-md border border-rose-200 bg-rose-50 p-3"
    >
      {binary ? (
        <fieldset aria-describedby={invalid ? errorId : undefined}>
          <legend className="text-sm font-medium">The correct verdict</legend>
          <div className="mt-1 flex gap-4 text-sm">
            <label className="inline-flex items-center gap-1">
              <input ref={proposed ? firstFieldRef : undefined} type="radio" name="passed" value="pass" defaultChecked={proposed} /> Pass
            </label>
            <label className="inline-flex items-center gap-1">
              <input ref={proposed ? undefined : firstFieldRef} type="radio" name="passed" value="fail" defaultChecked={!proposed} /> Fail
            </label>
          </div>
        </fieldset>
      ) : (
        <label className="block text-sm font-medium">
          The correct score <span className="font-normal text-slate-600">(0 to 1)</span>
          <input
            ref={firstFieldRef}
            name="score"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.05}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            className={`mt-1 block w-28 ${field}`}
          />
        </label>
      )}
      {invalid ? (
        <p id={errorId} role="alert" className="text-sm text-rose-800">
          {errors.join(" ")}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={pending} className="rounded-md bg-rose-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-600 disabled:opacity-50">
          Save disagreement
        </button>
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          Cancel
        </button>
      </div>
    </form>
  );
}
