"use client";

import { useId, useState, useTransition } from "react";
import { backfillMonitorAction } from "@/lib/monitors/actions/backfill-monitor";
import type { ActionResult } from "@/lib/platform/actions/action-result";
import { utcInputToIso } from "./backfill-time";
import { useEditedSince } from "@/components/ui/use-edited-since";
import { FieldMessages } from "./field-messages";
import { messagesUnder } from "./monitor-form-state";

const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** Sends the transcripts stored in a period (UTC) to the monitor, as if they had just arrived. */
export function BackfillForm({ id, defaultFrom }: { id: string; defaultFrom: string }) {
  const [result, setResult] = useState<ActionResult<{ message: string }> | null>(null);
  const [pending, startTransition] = useTransition();
  const ids = useId();
  const { edited, markEdited } = useEditedSince(result);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const fromErrors = messagesUnder(errors, "backfill.from");
  const toErrors = messagesUnder(errors, "backfill.to");
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = utcInputToIso(String(form.get("from") ?? "")) ?? "";
    const to = utcInputToIso(String(form.get("to") ?? ""));
    startTransition(async () => setResult(await backfillMonitorAction({ id, backfill: { from, ...(to ? { to } : {}) } })));
  };
  return (
    <form onSubmit={submit} onChange={markEdited} noValidate aria-label="Backfill" className="space-y-2">
      <div className="flex flex-wrap items-start gap-3 text-sm">
        <label className="flex flex-col gap-1">
          From (UTC)
          <input type="datetime-local" name="from" defaultValue={defaultFrom} required aria-invalid={fromErrors.length ? true : undefined} aria-describedby={`${ids}-from`} className={field} />
          <FieldMessages id={`${ids}-from`} messages={fromErrors} />
        </label>
        <label className="flex flex-col gap-1">
          <span>
            To (UTC) <span className="text-slate-500">(empty: now)</span>
          </span>
          <input type="datetime-local" name="to" aria-invalid={toErrors.length ? true : undefined} aria-describedby={`${ids}-to`} className={field} />
          <FieldMessages id={`${ids}-to`} messages={toErrors} />
        </label>
        <button type="submit" disabled={pending} className="mt-5 rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-100 disabled:opacity-50">
          {pending ? "Sending…" : "Backfill"}
        </button>
      </div>
      {result && !edited ? (
        <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "text-slate-700" : "text-rose-800"}`}>
          {result.ok || !errors ? result.message : "Please correct the highlighted fields."}
        </p>
      ) : null}
    </form>
  );
}
