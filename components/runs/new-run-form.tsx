"use client";

import { useRef, useState, useTransition } from "react";
import { MeasuredBy } from "@/components/criteria/measured-by";
import { PreviewButton } from "@/components/criteria/preview-button";
import { CriterionChecklist } from "@/components/criteria/criterion-checklist";
import { RUN_MODE_CHOICES } from "./run-mode-choices";
import { startRunAction } from "@/lib/runs/actions/start-run";
import type { CheckInfo } from "@/lib/judging/judges/checks/check";
import { describeMeasurement, type JudgeChoice } from "@/lib/judging/judges/measured-by";
import { MAX_PREVIEW_CRITERIA, PREVIEW_CALLS } from "@/lib/criteria/schemas/preview";
import { requestTranscripts, type StartRunRequestInput } from "@/lib/runs/schemas/start-run";
import type { RunMode } from "@/lib/runs/schemas/runs";
import type { PreviewRequest } from "@/lib/criteria/schemas/preview";

interface Props {
  /** scope "agent": judged once per transcript on the whole transcript; "call": on every tool call. */
  criteria: { id: string; text: string; kind: string; scope: string; title: string | null }[];
  uploads: { id: string; label: string }[];
  judges: JudgeChoice[];
  /** The built-in judge's catalogue (CHECK_INFOS), to say what each criterion will be measured by. */
  catalogue: readonly CheckInfo[];
  toolNames: string[];
}

type Scope = "all" | "upload" | "filter";

/** The transcripts the form selects, from its fields as they are now. */
function selectionOf(scope: Scope, form: FormData): NonNullable<PreviewRequest["selection"]> {
  const text = (key: string) => String(form.get(key) ?? "");
  if (scope === "upload") return { kind: "upload", uploadId: text("uploadId") };
  if (scope === "filter") return { kind: "filter", q: text("q"), tool: text("tool"), warnings: text("warnings") === "yes" ? "yes" : text("warnings") === "no" ? "no" : undefined };
  return { kind: "all" };
}


export function NewRunForm({ criteria, uploads, judges, catalogue, toolNames }: Props) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [scope, setScope] = useState<Scope>("all");
  const [chosen, setChosen] = useState<string[]>([]);
  const [judgeKind, setJudgeKind] = useState<JudgeChoice["kind"]>(judges[0]?.kind ?? "checks");
  const [mode, setMode] = useState<RunMode>("auto");
  // Field edits in the selection change what a preview would judge: its results are then hidden.
  const [selectionEdits, setSelectionEdits] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const judge = judges.find((candidate) => candidate.kind === judgeKind) ?? judges[0];
  // In the order the criteria are listed, whatever the order they were ticked in.
  const chosenCriteria = criteria.filter((c) => chosen.includes(c.id));
  const plans = judge ? chosenCriteria.map((c) => ({ criterion: c, plan: describeMeasurement(judge, c.text, mode, catalogue) })) : [];
  // The preview samples tool calls: agent-level criteria are judged on whole transcripts by the run only.
  const previewable = chosenCriteria.filter((c) => c.scope !== "agent");
  const unmeasurable = plans.filter(({ plan }) => plan.ok && !plan.measurable).length;

  function submit(form: FormData) {
    // The same JSON as `POST /api/runs`, checked by the same schema.
    const input: StartRunRequestInput = {
      name: String(form.get("name") ?? "") || undefined,
      transcripts: requestTranscripts(selectionOf(scope, form)),
      criteria: chosen,
      judge: judgeKind,
      mode,
    };
    startTransition(async () => {
      // A started run redirects to its page; only a refusal comes back.
      const refused = await startRunAction(input);
      setError(refused.message);
    });
  }

  const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <form ref={formRef} action={submit} onChange={(event) => event.target instanceof HTMLElement && event.target.closest("[data-selection]") && setSelectionEdits((n) => n + 1)} aria-label="New run" className="space-y-6">
      <label className="block text-sm font-medium">
        Name <span className="font-normal text-slate-500">(optional)</span>
        <input name="name" maxLength={120} className={`mt-1 block w-full ${field}`} placeholder="judge · mode · date" />
      </label>

      <fieldset className="space-y-2" data-selection>
        <legend className="text-sm font-semibold">Transcripts</legend>
        {(["all", "upload", "filter"] as const).map((value) => (
          <label key={value} className="mr-4 inline-flex items-center gap-1 text-sm">
            <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} />
            {value === "all" ? "All transcripts" : value === "upload" ? "One upload" : "A filter"}
          </label>
        ))}
        {scope === "upload" ? (
          <label className="block text-sm">
            Upload
            <select name="uploadId" className={`ml-2 ${field}`}>
              {uploads.map((u) => (
                <option key={u.id} value={u.id}>{u.label}</option>
              ))}
            </select>
          </label>
        ) : null}
        {scope === "filter" ? (
          <div className="flex flex-wrap gap-3 text-sm">
            <label>Name contains <input name="q" className={field} /></label>
            <label>
              Tool <input name="tool" list="run-tool-names" className={field} />
              <datalist id="run-tool-names">{toolNames.map((n) => <option key={n} value={n} />)}</datalist>
            </label>
            <label>
              Warnings
              <select name="warnings" className={`ml-1 ${field}`}>
                <option value="">Any</option>
                <option value="yes">With warnings</option>
                <option value="no">Without warnings</option>
              </select>
            </label>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Criteria</legend>
        <div className="flex gap-3 text-xs">
          <button type="button" onClick={() => setChosen(criteria.map((c) => c.id))} className="text-indigo-700 hover:underline">Select all</button>
          <button type="button" onClick={() => setChosen([])} className="text-indigo-700 hover:underline">Select none</button>
        </div>
        <CriterionChecklist criteria={criteria} chosen={chosen} onChange={setChosen} />
      </fieldset>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Judge</legend>
        {judges.map((j) => (
          <label key={j.kind} className={`flex items-center gap-2 text-sm ${j.configured ? "" : "text-slate-500"}`}>
            <input type="radio" name="judge" value={j.kind} checked={j.kind === judgeKind} onChange={() => setJudgeKind(j.kind)} disabled={!j.configured} />
            <span>
              {j.label} {j.configured ? <span className="font-mono text-xs text-slate-500">{j.id}</span> : <span className="text-xs">(not configured: {j.reason})</span>}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Mode</legend>
        {RUN_MODE_CHOICES.map((m) => (
          <label key={m.value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value={m.value} checked={m.value === mode} onChange={() => setMode(m.value)} />
            <span>
              {m.label} <span className="text-slate-500">: {m.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {judge && chosenCriteria.length ? (
        <section aria-label="What will be measured" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <h2 className="text-sm font-semibold">What will be measured</h2>
          {plans.map(({ criterion, plan }) => (
            <MeasuredBy key={criterion.id} plan={plan} label={criterion.title ?? criterion.text} />
          ))}
          <PreviewButton
            judge={judge}
            requestKey={`${judge.kind}|${mode}|${chosen.join(",")}|${scope}|${selectionEdits}`}
            requests={PREVIEW_CALLS * previewable.length * (mode === "both" ? 2 : 1)}
            disabled={
              !previewable.length
                ? "The preview samples tool calls: agent-level criteria are judged on whole transcripts when the run starts."
                : previewable.length > MAX_PREVIEW_CRITERIA
                  ? `A preview covers at most ${MAX_PREVIEW_CRITERIA} criteria: pick fewer to preview.`
                  : null
            }
            request={() => ({
              criteria: previewable.map((c) => c.text),
              judgeKind: judge.kind,
              mode,
              selection: selectionOf(scope, new FormData(formRef.current ?? undefined)),
            })}
          />
        </section>
      ) : null}

      {unmeasurable ? (
        <p role="alert" className="text-sm text-amber-900">
          {unmeasurable === plans.length
            ? `${judge?.label ?? "This judge"} measures none of the chosen criteria in this mode: the run would give no verdict at all, only "not applicable". See above for the judge that can.`
            : `${unmeasurable === 1 ? "One chosen criterion" : `${unmeasurable} chosen criteria`} cannot be measured by ${judge?.label ?? "this judge"} in this mode: ${unmeasurable === 1 ? "its" : "their"} results would all be not applicable. See above.`}
        </p>
      ) : null}
      {error ? <p role="alert" className="text-sm text-rose-800">{error}</p> : null}
      <button type="submit" disabled={pending || chosen.length === 0} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {pending ? "Starting…" : "Start run"}
      </button>
    </form>
  );
}
