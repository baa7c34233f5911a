"use client";

import { useActionState, useState } from "react";
import { createCriterionAction } from "@/lib/criteria/actions/create-criterion";
import type { CheckInfo } from "@/lib/judging/judges/checks/check";
import type { JudgeChoice } from "@/lib/judging/judges/measured-by";
import type { CriterionFormState } from "@/lib/criteria/schemas/criteria";
import { useEditedSince } from "@/components/ui/use-edited-since";
import { CriterionMeasurement } from "./criterion-measurement";
import { CriterionTextField, refusedAsTooLong } from "./criterion-text-field";

/** `judges` and `catalogue` let the form say what a criterion will be measured by, and preview it, before it is added. */
export function NewCriterionForm({ judges, catalogue }: { judges: JudgeChoice[]; catalogue: readonly CheckInfo[] }) {
  // Counting successes gives the form a new key, which clears its fields.
  const [added, setAdded] = useState(0);
  const [text, setText] = useState("");
  const [state, action, pending] = useActionState<CriterionFormState, FormData>(async (previous, form) => {
    const next = await createCriterionAction(previous, form).catch(refusedAsTooLong);
    if (next?.ok) {
      setAdded((n) => n + 1);
      setText("");
    }
    return next;
  }, null);
  // A refusal's message and highlights speak of the text as sent: once it is edited, they go.
  const { edited, markEdited } = useEditedSince(state && !state.ok ? state : null);
  return (
    <form key={added} action={action} onChange={markEdited} aria-label="New criterion" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">New criterion</h2>
      <CriterionTextField serverErrors={state && !state.ok && !edited ? state.fieldErrors?.text : undefined} onTextChange={setText} />
      <CriterionMeasurement text={text} judges={judges} catalogue={catalogue} />
      <label className="block text-sm font-medium">
        Title <span className="font-normal text-slate-500">(optional)</span>
        <input name="title" maxLength={120} className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm" />
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
          Add criterion
        </button>
        {state && !edited ? (
          <p role="status" className={`text-sm ${state.ok ? "text-emerald-800" : "text-rose-800"}`}>
            {state.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
