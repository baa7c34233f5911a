"use client";

import { useState, useTransition } from "react";
import { previewCriteriaAction } from "@/lib/criteria/actions/preview-criteria";
import type { JudgeChoice } from "@/lib/judging/judges/measured-by";
import { PREVIEW_CALLS, type PreviewRequest, type PreviewState } from "@/lib/criteria/schemas/preview";
import { previewChoiceText } from "@/lib/criteria/preview-choice-text";
import { PreviewResults } from "./preview-results";

interface Props {
  judge: JudgeChoice;
  /** The request as the form holds it now, or why there is nothing to preview yet. */
  request: () => PreviewRequest | { refused: string };
  /** Requests to the judge at most (calls × criteria × views): a paid judge says so before the click. */
  requests: number;
  disabled?: string | null;
  /** Changes whenever what would be previewed changes: results of an earlier request are then hidden, not shown as current. */
  requestKey: string;
}

/** "Preview on 5 calls": judges a handful of calls on click, shows the results, stores nothing. */
export function PreviewButton({ judge, request, requests, disabled, requestKey }: Props) {
  const [shown, setState] = useState<(PreviewState & { key: string }) | null>(null);
  const state = shown?.key === requestKey ? shown : null;
  const [pending, startTransition] = useTransition();
  const paid = judge.kind !== "checks";

  function preview() {
    const input = request();
    if ("refused" in input) {
      setState({ ok: false, message: input.refused, key: requestKey });
      return;
    }
    startTransition(async () => {
      try {
        setState({ ...(await previewCriteriaAction(input)), key: requestKey });
      } catch {
        setState({ ok: false, message: "The preview could not be run: the server did not answer. Try again in a moment.", key: requestKey });
      }
    });
  }

  const unavailable = disabled ?? (judge.configured ? null : `The ${judge.label} judge is not configured on this server.`);
  return (
    <section aria-label="Preview" className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={preview}
          disabled={pending || !!unavailable}
          className="rounded-md border border-indigo-300 bg-white px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50"
        >
          {pending ? "Previewing…" : `Preview on ${PREVIEW_CALLS} calls`}
        </button>
        <span className="text-xs text-slate-600">
          {unavailable ??
            (paid
              ? `Sends up to ${requests} request${requests === 1 ? "" : "s"} to ${judge.model ?? judge.id}, which may cost money. Nothing is stored.`
              : "Runs the built-in checks on the server. Nothing is stored.")}
        </span>
      </div>
      {state && !state.ok ? (
        <p role="alert" className="text-sm text-rose-800">{state.message}</p>
      ) : null}
      {state?.ok ? (
        <div className="space-y-1">
          <p role="status" className="text-xs text-slate-600">
            {state.judgeId} on {state.calls} call{state.calls === 1 ? "" : "s"}: {summary(state.rows)}. Not stored.
          </p>
          <p className="text-xs text-slate-600" data-testid="preview-choice">
            {previewChoiceText(state.choice, state.calls, new Set(state.rows.map((row) => row.criterion)).size)}
          </p>
          <PreviewResults rows={state.rows} showCriterion={new Set(state.rows.map((row) => row.criterion)).size > 1} />
        </div>
      ) : null}
    </section>
  );
}

function summary(rows: Extract<PreviewState, { ok: true }>["rows"]): string {
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const parts = [`${count("done")} judged`, `${count("not-applicable")} not applicable`];
  const errors = count("error");
  if (errors) parts.push(`${errors} error${errors === 1 ? "" : "s"}`);
  return parts.join(", ");
}
