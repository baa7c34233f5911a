"use client";

import { useState, useTransition } from "react";
import { CriterionKindBadge } from "@/components/criterion-kind-badge";
import { startRunAction } from "@/lib/actions/start-run";
import type { StartRunForm } from "@/lib/zod/start-run";

interface Props {
  criteria: { id: string; text: string; kind: string; title: string | null }[];
  uploads: { id: string; label: string }[];
  judges: { kind: StartRunForm["judgeKind"]; label: string; configured: boolean; reason?: string; id: string }[];
  toolNames: string[];
}

const MODES: { value: StartRunForm["mode"]; label: string; hint: string }[] = [
  { value: "auto", label: "Auto", hint: "hindsight when the tool answered, immediate otherwise" },
  { value: "immediate", label: "Immediate", hint: "judge each call before its tool response" },
  { value: "hindsight", label: "Hindsight", hint: "judge each call with its response and what followed" },
  { value: "both", label: "Both", hint: "immediate and hindsight, to see what the response changed" },
];

export function NewRunForm({ criteria, uploads, judges, toolNames }: Props) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [scope, setScope] = useState<"all" | "upload" | "filter">("all");
  const [chosen, setChosen] = useState<string[]>([]);

  function submit(form: FormData) {
    const text = (key: string) => String(form.get(key) ?? "");
    const selection: StartRunForm["selection"] =
      scope === "upload"
        ? { kind: "upload", uploadId: text("uploadId") }
        : scope === "filter"
          ? { kind: "filter", q: text("q"), tool: text("tool"), warnings: text("warnings") === "yes" ? "yes" : text("warnings") === "no" ? "no" : undefined }
          : { kind: "all" };
    const input: StartRunForm = {
      name: text("name") || undefined,
      selection,
      criterionIds: chosen,
      judgeKind: text("judge") as StartRunForm["judgeKind"],
      mode: text("mode") as StartRunForm["mode"],
    };
    startTransition(async () => {
      // A started run redirects to its page; only a refusal comes back.
      const refused = await startRunAction(input);
      setError(refused.message);
    });
  }

  const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <form action={submit} aria-label="New run" className="space-y-6">
      <label className="block text-sm font-medium">
        Name <span className="font-normal text-slate-500">(optional)</span>
        <input name="name" maxLength={120} className={`mt-1 block w-full ${field}`} placeholder="judge · mode · date" />
      </label>

      <fieldset className="space-y-2">
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
        <ul className="space-y-1">
          {criteria.map((c) => (
            <li key={c.id}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={chosen.includes(c.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
                />
                <span>
                  {c.title ? <strong>{c.title}: </strong> : null}
                  {c.text} <CriterionKindBadge kind={c.kind} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Judge</legend>
        {judges.map((j, i) => (
          <label key={j.kind} className={`flex items-center gap-2 text-sm ${j.configured ? "" : "text-slate-500"}`}>
            <input type="radio" name="judge" value={j.kind} defaultChecked={i === 0} disabled={!j.configured} />
            <span>
              {j.label} {j.configured ? <span className="font-mono text-xs text-slate-500">{j.id}</span> : <span className="text-xs">(not configured: {j.reason})</span>}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Mode</legend>
        {MODES.map((m) => (
          <label key={m.value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value={m.value} defaultChecked={m.value === "auto"} />
            <span>
              {m.label} <span className="text-slate-500">: {m.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {error ? <p role="alert" className="text-sm text-rose-800">{error}</p> : null}
      <button type="submit" disabled={pending || chosen.length === 0} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {pending ? "Starting…" : "Start run"}
      </button>
    </form>
  );
}
