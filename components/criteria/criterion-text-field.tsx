"use client";

import { useEffect, useId, useRef, useState } from "react";
import { CRITERION_TOO_LONG, isCriterionTooLong } from "@/lib/criteria/parse";
import { parseScopedCriterion } from "@/lib/criteria/scope";
import { isOversizedActionRefusal } from "@/lib/platform/security/oversized-action";
import type { CriterionFormState } from "@/lib/criteria/schemas/criteria";
import { CriterionKindBadge } from "@/components/criteria/criterion-kind-badge";
import { CriterionScopeBadge } from "@/components/criteria/criterion-scope-badge";

/**
 * What a criteria form shows when its action call failed: the text's own limit when the server
 * refused the post as too large (proxy.ts), which only an oversized text can make it; any other
 * failure is not the form's to explain.
 */
export function refusedAsTooLong(error: unknown): CriterionFormState {
  if (!isOversizedActionRefusal(error)) throw error;
  return { ok: false, message: CRITERION_TOO_LONG, fieldErrors: { text: [CRITERION_TOO_LONG] } };
}

/** The criterion text with validation as you type: the kind it will have, or why it is rejected. */
export function CriterionTextField({ defaultValue = "", serverErrors, onTextChange }: { defaultValue?: string; serverErrors?: string[]; onTextChange?: (text: string) => void }) {
  const [text, setText] = useState(defaultValue);
  const [touched, setTouched] = useState(false);
  // New server errors are about the text just sent: show them until the text changes again.
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  if (serverErrors !== shownServerErrors) {
    setShownServerErrors(serverErrors);
    setTouched(false);
  }
  const hintId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // Checked before parsing (which an oversized paste would only slow down), and not by maxLength,
  // which would cut a pasted text short without a word: the form says why and is not sent.
  const tooLong = isCriterionTooLong(text);
  useEffect(() => {
    fieldRef.current?.setCustomValidity(tooLong ? CRITERION_TOO_LONG : "");
  }, [tooLong]);
  const parsed = text.trim() && !tooLong ? parseScopedCriterion(text) : null;
  const clientError = tooLong ? CRITERION_TOO_LONG : touched && parsed && !parsed.ok ? parsed.message : null;
  // A server error is about the text as submitted: once the text changes, only what it says now counts.
  const errors = clientError ? [clientError] : touched ? [] : (serverErrors ?? []);
  return (
    <div>
      <label className="block text-sm font-medium">
        Criterion
        <textarea
          ref={fieldRef}
          name="text"
          required
          rows={2}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setTouched(true);
            onTextChange?.(e.target.value);
          }}
          aria-invalid={errors.length > 0}
          aria-describedby={hintId}
          placeholder="Reward tool calls that …"
          className={`mt-1 w-full rounded-md border p-2 text-sm ${errors.length ? "border-rose-400" : "border-slate-300"}`}
        />
      </label>
      <div id={hintId} aria-live="polite" className="mt-1 min-h-5 text-sm">
        {errors.length > 0 ? (
          errors.map((e) => (
            <p key={e} className="text-rose-800">{e}</p>
          ))
        ) : parsed?.ok ? (
          <p className="flex items-center gap-2 text-slate-600">
            <CriterionScopeBadge scope={parsed.scope} /> <CriterionKindBadge kind={parsed.criterion.kind} /> judged on: <q>{parsed.criterion.condition}</q>
          </p>
        ) : (
          <p className="text-slate-500">Start with Reward tool calls, Penalize tool calls, Tool call passes if, or Tool call fails if; for the agent over a whole transcript, Reward agents, Penalize agents, Agent passes if, or Agent fails if.</p>
        )}
      </div>
    </div>
  );
}
