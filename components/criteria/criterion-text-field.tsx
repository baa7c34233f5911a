"use client";

import { useId, useState } from "react";
import { parseScopedCriterion } from "@/lib/criteria/scope";
import { CriterionKindBadge } from "@/components/criterion-kind-badge";
import { CriterionScopeBadge } from "@/components/criterion-scope-badge";

/** The criterion text with validation as you type: the kind it will have, or why it is rejected. */
export function CriterionTextField({ defaultValue = "", serverErrors, onTextChange }: { defaultValue?: string; serverErrors?: string[]; onTextChange?: (text: string) => void }) {
  const [text, setText] = useState(defaultValue);
  const [touched, setTouched] = useState(false);
  const hintId = useId();
  const parsed = text.trim() ? parseScopedCriterion(text) : null;
  const clientError = touched && parsed && !parsed.ok ? parsed.message : null;
  // A server error is about the text as submitted: once the text changes, only what it says now counts.
  const errors = clientError ? [clientError] : touched ? [] : (serverErrors ?? []);
  return (
    <div>
      <label className="block text-sm font-medium">
        Criterion
        <textarea
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
