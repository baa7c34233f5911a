"use client";

import { useId, useState, useTransition } from "react";
import { CriterionChecklist } from "@/components/criteria/criterion-checklist";
import { RUN_MODE_CHOICES } from "@/components/runs/run-mode-choices";
import { createMonitorAction } from "@/lib/monitors/actions/create-monitor";
import { editMonitorAction } from "@/lib/monitors/actions/edit-monitor";
import type { ActionFailure } from "@/lib/platform/actions/action-result";
import type { JudgeChoice } from "@/lib/judging/judges/measured-by";
import type { MonitorSource } from "@/lib/monitors/schemas/filter";
import { AlertRuleFieldset } from "./alert-rule-fields";
import { useEditedSince } from "@/components/ui/use-edited-since";
import { FieldMessages } from "./field-messages";
import { EMPTY_RULE, messagesUnder, monitorRequest, typedCriteria, type MonitorFormState } from "./monitor-form-state";

interface Props {
  /** The criteria library. */
  criteria: { id: string; text: string; kind: string; scope: string; title: string | null }[];
  judges: JudgeChoice[];
  initial: MonitorFormState;
  /** Set when editing that monitor; absent for a new one. */
  monitorId?: string;
}

const SOURCES: Record<MonitorSource, string> = {
  all: "All sources",
  traces: "Traces (OTLP)",
  uploads: "Files uploaded in the browser",
  api: "The upload API",
  cli: "The CLI",
};

/** The fields that show their own messages; a message for any other goes in the summary. */
const FIELDS_WITH_MESSAGES = ["name", "criteria", "judge", "sample", "filter", "alert", "review"];

/** The sentence under the form: the refusal itself, or, when its messages sit beside their fields, a pointer to them and whatever no field shows. */
function generalMessage(failure: ActionFailure): string {
  if (!failure.fieldErrors) return failure.message;
  const elsewhere = Object.entries(failure.fieldErrors).filter(([key]) => !FIELDS_WITH_MESSAGES.some((path) => key === path || key.startsWith(`${path}.`)));
  return ["Please correct the highlighted fields.", ...new Set(elsewhere.flatMap(([, messages]) => messages))].join(" ");
}

const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/**
 * The new-monitor and edit-monitor form: what to judge (criteria, judge, mode, sample), which
 * arrivals (filter), when to alert and how many failures to queue for review a day. The server
 * answers a refusal with messages keyed by field, shown beside each field.
 */
export function MonitorForm({ criteria, judges, initial, monitorId }: Props) {
  const [state, setState] = useState(initial);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [pending, startTransition] = useTransition();
  const id = useId();
  const { edited, markEdited } = useEditedSince(failure);
  const set = (change: Partial<MonitorFormState>) => {
    markEdited();
    setState((current) => ({ ...current, ...change }));
  };
  const errors = (path: string) => messagesUnder(failure?.fieldErrors, path);
  const invalid = (path: string) => (errors(path).length ? true : undefined);
  // A rule watches one of the monitor's criteria: those ticked and those typed, as they are now.
  const ruleCriteria = [
    ...criteria.filter((criterion) => state.criteria.includes(criterion.id)).map((criterion) => ({ value: criterion.id, label: criterion.title ?? criterion.text })),
    ...typedCriteria(state.typed).map((text) => ({ value: text, label: text })),
  ];
  // The summary speaks of the form as it was sent: edited since, it goes (the messages beside the fields stay until the next answer).
  const general = failure && !edited ? generalMessage(failure) : null;

  // onSubmit rather than a form action: React resets a form after its action, and a refused form keeps what was typed.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = monitorRequest(state);
    startTransition(async () => {
      // A saved monitor redirects to its page; only a refusal comes back.
      const result = monitorId ? await editMonitorAction({ ...request, id: monitorId }) : await createMonitorAction(request);
      setFailure(result.ok ? null : result);
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={monitorId ? "Edit monitor" : "New monitor"} className="max-w-3xl space-y-6">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Name
        <input value={state.name} onChange={(event) => set({ name: event.target.value })} maxLength={120} required aria-invalid={invalid("name")} aria-describedby={`${id}-name`} className={`${field} w-full`} />
        <FieldMessages id={`${id}-name`} messages={errors("name")} />
      </label>

      <fieldset className="min-w-0 space-y-2" aria-describedby={`${id}-criteria`}>
        <legend className="text-sm font-semibold">Criteria</legend>
        {criteria.length ? (
          <CriterionChecklist criteria={criteria} chosen={state.criteria} onChange={(chosen) => set({ criteria: chosen })} />
        ) : null}
        <label className="flex flex-col gap-1 text-sm">
          <span>
            New criteria <span className="text-slate-500">(one per line, added to the library)</span>
          </span>
          <textarea value={state.typed} onChange={(event) => set({ typed: event.target.value })} rows={2} placeholder="Tool call fails if it refunds an order twice" className={`${field} w-full`} />
        </label>
        <FieldMessages id={`${id}-criteria`} messages={errors("criteria")} />
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <fieldset className="space-y-1" aria-describedby={`${id}-judge`}>
          <legend className="text-sm font-semibold">Judge</legend>
          {judges.map((judge) => (
            <label key={judge.kind} className={`flex items-center gap-2 text-sm ${judge.configured ? "" : "text-slate-500"}`}>
              <input type="radio" name="judge" checked={judge.kind === state.judge} onChange={() => set({ judge: judge.kind })} disabled={!judge.configured} />
              <span>
                {judge.label} {judge.configured ? null : <span className="text-xs">(not configured: {judge.reason})</span>}
              </span>
            </label>
          ))}
          <FieldMessages id={`${id}-judge`} messages={errors("judge")} />
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold">Mode</legend>
          {RUN_MODE_CHOICES.map((mode) => (
            <label key={mode.value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="mode" checked={mode.value === state.mode} onChange={() => set({ mode: mode.value })} />
              <span>
                {mode.label} <span className="text-slate-500">: {mode.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>

      <label className="flex flex-col gap-1 text-sm font-medium">
        <span>
          Sample <span className="font-normal text-slate-500">(share of matching transcripts judged, 0–1)</span>
        </span>
        <input type="number" inputMode="decimal" min={0} max={1} step={0.05} value={state.sample} onChange={(event) => set({ sample: event.target.value })} aria-invalid={invalid("sample")} aria-describedby={`${id}-sample`} className={`${field} w-28`} />
        <FieldMessages id={`${id}-sample`} messages={errors("sample")} />
      </label>

      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-semibold">Which transcripts</legend>
        <p className="text-xs text-slate-600">Every field given must match; values are compared exactly.</p>
        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            Source
            <select value={state.source} onChange={(event) => set({ source: event.target.value as MonitorSource })} aria-invalid={invalid("filter.source")} aria-describedby={`${id}-source`} className={field}>
              {(Object.keys(SOURCES) as MonitorSource[]).map((source) => (
                <option key={source} value={source}>
                  {SOURCES[source]}
                </option>
              ))}
            </select>
            <FieldMessages id={`${id}-source`} messages={errors("filter.source")} />
          </label>
          {(["service", "model", "tag"] as const).map((key) => (
            <label key={key} className="flex flex-col gap-1">
              <span>
                {key === "service" ? "Service" : key === "model" ? "Model" : "Tag"} <span className="text-slate-500">(optional)</span>
              </span>
              <input value={state[key]} onChange={(event) => set({ [key]: event.target.value })} aria-invalid={invalid(`filter.${key}`)} aria-describedby={`${id}-${key}`} className={field} />
              <FieldMessages id={`${id}-${key}`} messages={errors(`filter.${key}`)} />
            </label>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span>
            Metadata <span className="text-slate-500">(optional; one key = value a line; true, false and numbers compare as such, &quot;7&quot; as text)</span>
          </span>
          <textarea value={state.metadata} onChange={(event) => set({ metadata: event.target.value })} rows={2} placeholder="tier = gold" aria-invalid={invalid("filter.metadata")} aria-describedby={`${id}-metadata`} className={`${field} w-full font-mono`} />
          <FieldMessages id={`${id}-metadata`} messages={[...errors("filter.metadata"), ...(failure?.fieldErrors?.filter ?? [])]} />
        </label>
      </fieldset>

      <fieldset className="min-w-0 space-y-3" aria-describedby={`${id}-alerts`}>
        <legend className="text-sm font-semibold">Alerts <span className="font-normal text-slate-500">(optional)</span></legend>
        {state.alerts.map((rule, index) => (
          <AlertRuleFieldset
            key={index}
            index={index}
            rule={rule}
            criteria={ruleCriteria}
            fieldErrors={failure?.fieldErrors}
            onChange={(changed) => set({ alerts: state.alerts.map((other, at) => (at === index ? changed : other)) })}
            onRemove={() => set({ alerts: state.alerts.filter((_, at) => at !== index) })}
          />
        ))}
        <button type="button" onClick={() => set({ alerts: [...state.alerts, { ...EMPTY_RULE, criterion: ruleCriteria[0]?.value ?? "" }] })} className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">
          Add alert rule
        </button>
        <FieldMessages id={`${id}-alerts`} messages={failure?.fieldErrors?.alert ?? []} />
      </fieldset>

      <label className="flex flex-col gap-1 text-sm font-medium">
        <span>
          Review feed <span className="font-normal text-slate-500">(optional: failures queued for people to review, at most this many a day)</span>
        </span>
        <input type="number" inputMode="numeric" min={1} step={1} value={state.reviewPerDay} onChange={(event) => set({ reviewPerDay: event.target.value })} placeholder="none" aria-invalid={invalid("review")} aria-describedby={`${id}-review`} className={`${field} w-28`} />
        <FieldMessages id={`${id}-review`} messages={errors("review")} />
      </label>

      {general ? (
        <p role="alert" className="text-sm text-rose-800">
          {general}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {pending ? "Saving…" : monitorId ? "Save monitor" : "Create monitor"}
      </button>
    </form>
  );
}
