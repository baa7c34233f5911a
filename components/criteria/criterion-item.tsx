"use client";

import Link from "next/link";
import { useActionState, useState, useTransition, type ReactNode } from "react";
import { CriterionKindBadge } from "@/components/criteria/criterion-kind-badge";
import { CriterionScopeBadge } from "@/components/criteria/criterion-scope-badge";
import { archiveCriterionAction } from "@/lib/criteria/actions/archive-criterion";
import { updateCriterionAction } from "@/lib/criteria/actions/update-criterion";
import type { CriterionFormState } from "@/lib/criteria/schemas/criteria";
import type { CheckInfo } from "@/lib/judging/judges/checks/check";
import type { ChecksPlanDescription } from "@/lib/judging/judges/checks/describe";
import type { JudgeChoice } from "@/lib/judging/judges/measured-by";
import { ChecksPlan } from "./checks-plan";
import { CriterionMeasurement } from "./criterion-measurement";
import { CriterionTextField, refusedAsTooLong } from "./criterion-text-field";

interface Props {
  criterion: { id: string; text: string; kind: string; scope: string; title: string | null; archived: boolean; runs: { id: string; name: string }[]; runCount: number };
  /** Viewers get no Edit or Archive: the server would refuse them anyway. */
  canEdit?: boolean;
  /** How people received the judges on this criterion, rendered by the server. */
  agreement?: ReactNode;
  /** What the built-in judge will measure for it, computed by the server. */
  checksPlan?: ChecksPlanDescription | null;
  /** For the edit form: what the reworded criterion will be measured by, and its preview. */
  measurement?: { judges: JudgeChoice[]; catalogue: readonly CheckInfo[] };
}

export function CriterionItem({ criterion, canEdit = true, agreement, checksPlan, measurement }: Props) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(criterion.text);
  const [state, action, saving] = useActionState<CriterionFormState, FormData>(async (previous, form) => {
    const next = await updateCriterionAction(previous, form).catch(refusedAsTooLong);
    if (next?.ok) setEditing(false);
    return next;
  }, null);
  const [archiving, startArchive] = useTransition();
  const [archiveMessage, setArchiveMessage] = useState<string | null>(null);
  const label = criterion.title ?? criterion.text;

  return (
    <li className={`p-4 ${criterion.archived ? "bg-slate-50 opacity-70" : ""}`} aria-label={label}>
      {editing ? (
        <form action={action} className="space-y-2" aria-label={`Edit ${label}`}>
          <input type="hidden" name="id" value={criterion.id} />
          <CriterionTextField defaultValue={criterion.text} serverErrors={state && !state.ok ? state.fieldErrors?.text : undefined} onTextChange={setText} />
          {measurement ? <CriterionMeasurement text={text} judges={measurement.judges} catalogue={measurement.catalogue} /> : null}
          <label className="block text-sm font-medium">
            Title
            <input name="title" defaultValue={criterion.title ?? ""} maxLength={120} className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm" />
          </label>
          <div className="flex gap-2">
            <button type="submit" disabled={saving} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50">Save</button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setText(criterion.text);
              }}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            {criterion.title ? <p className="text-sm font-semibold">{criterion.title}</p> : null}
            <p className={criterion.title ? "text-sm text-slate-700" : "font-medium"}>{criterion.text}</p>
            <p className="mt-1 text-xs text-slate-600">
              {criterion.runCount === 0 ? (
                "Not used by any run yet"
              ) : (
                <>
                  Used by {criterion.runCount === 1 ? "1 run" : `${criterion.runCount} runs`}:{" "}
                  {criterion.runs.map((run, i) => (
                    <span key={run.id}>
                      {i > 0 ? ", " : ""}
                      <Link href={`/runs/${run.id}`} className="text-indigo-700 underline">{run.name}</Link>
                    </span>
                  ))}
                  {criterion.runCount > criterion.runs.length ? ", …" : ""}
                </>
              )}
              {criterion.archived ? " · archived" : ""}
            </p>
            {state?.ok ? <p role="status" className="text-xs text-emerald-800">{state.message}</p> : null}
            {archiveMessage ? <p role="status" className="text-xs text-slate-700">{archiveMessage}</p> : null}
            {checksPlan ? <ChecksPlan plan={checksPlan} /> : null}
            {agreement}
          </div>
          <div className="flex shrink-0 flex-col items-end gap-2">
            <div className="flex gap-1">
              <CriterionScopeBadge scope={criterion.scope} />
              <CriterionKindBadge kind={criterion.kind} />
            </div>
            {canEdit ? (
              <div className="flex gap-2 text-sm">
                <button type="button" onClick={() => setEditing(true)} className="text-indigo-700 hover:underline">Edit</button>
                <button
                  type="button"
                  disabled={archiving}
                  onClick={() => startArchive(async () => setArchiveMessage((await archiveCriterionAction({ id: criterion.id, archived: !criterion.archived })).message))}
                  className="text-slate-700 hover:underline"
                >
                  {criterion.archived ? "Restore" : "Archive"}
                </button>
              </div>
            ) : null}
          </div>
        </div>
      )}
    </li>
  );
}
