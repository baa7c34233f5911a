"use client";

import { useRef, type FormEvent } from "react";
import { useUrlParams } from "@/components/ui/table/use-url-params";
import { arrivalLabel } from "./arrival-label";
import { REFERENCE_REASON_LABELS } from "@/lib/references/reason-codes";
import type { ReviewFilter, RunView } from "@/lib/runs/schemas/run-view";

interface Props {
  view: RunView;
  criteria: { id: string; label: string }[];
  /** The run's agent-level criteria: picked, they narrow the agent-level results (calls have no verdict on them). */
  agentCriteria?: { id: string; label: string }[];
  tools: { toolName: string; calls: number }[];
  /** The run judged in both modes: the mode filter and "changed" make sense only then. */
  bothModes: boolean;
  /** The run's transcripts' metadata values; a filter shows only when there is something to pick. */
  metadata: { models: string[]; tasks: string[]; tags: string[]; outcomes: boolean };
  /** A criterion of the run is measured by the reference: its reasons can be picked. */
  referenceReasons?: boolean;
}

const FILTER_KEYS = ["criterion", "mode", "tool", "verdict", "min", "max", "changed", "review", "q", "reason", "model", "task", "tag", "outcome", "service", "prompt", "from", "to"] as const;
const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

// Every filter, in REVIEW_FILTERS' order. Only types come from lib/runs/schemas: a value from there would
// bring zod's whole runtime into the run page's scripts.
const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  none: "Not reviewed",
  open: "Queued, open",
  "in-review": "In review",
  done: "Done",
  disputed: "Disputed (reviewer disagrees)",
};

/**
 * The run page's filters. Choices apply as soon as they change, typed values (search, score
 * range) on Enter or Apply; either way they land in the URL, so a filtered view is a link.
 */
export function RunViewFilters({ view, criteria, agentCriteria = [], tools, bothModes, metadata, referenceReasons = false }: Props) {
  const { setParams } = useUrlParams();
  const form = useRef<HTMLFormElement>(null);
  const submit = () => form.current?.requestSubmit();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const changes: Record<string, string | null> = { page: null };
    for (const key of FILTER_KEYS) {
      const value = data.get(key);
      changes[key] = typeof value === "string" && value.trim() ? value.trim() : null;
    }
    setParams(changes);
  };
  const clear = () => setParams({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])), page: null });
  const filtered = FILTER_KEYS.some((key) => view[key] !== undefined);
  // Set by a link (a monitor's trend point), not by a field: shown as a filter that can be cleared alone.
  const arrival = arrivalLabel(view.from, view.to);
  const linkedFilter = (key: "service" | "prompt", label: string, value: string | undefined) =>
    value ? (
      <span key={key} className="flex items-center gap-2">
        <input type="hidden" name={key} value={value} />
        <span className="rounded-full bg-indigo-50 px-3 py-1 break-all text-indigo-900 ring-1 ring-indigo-200">
          {label} {value}
        </span>
        <button type="button" onClick={() => setParams({ [key]: null, page: null })} className="text-indigo-700 hover:underline">
          Clear {label.toLowerCase()}
        </button>
      </span>
    ) : null;

  return (
    // Keyed on the view, so the fields show the URL's values again after a link changes them.
    <form
      ref={form}
      key={FILTER_KEYS.map((key) => view[key] ?? "").join("|")}
      role="search"
      aria-label="Filter tool calls"
      onSubmit={apply}
      className="mb-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      {arrival ? (
        <div role="group" aria-label="Arrival time" className="flex basis-full flex-wrap items-center gap-2">
          <input type="hidden" name="from" value={view.from ?? ""} />
          <input type="hidden" name="to" value={view.to ?? ""} />
          <span className="rounded-full bg-indigo-50 px-3 py-1 text-indigo-900 ring-1 ring-indigo-200">Calls that {arrival}</span>
          <button type="button" onClick={() => setParams({ from: null, to: null, page: null })} className="text-indigo-700 hover:underline">
            Clear arrival time
          </button>
        </div>
      ) : null}
      {view.service || view.prompt ? (
        <div role="group" aria-label="Service and prompt version" className="flex basis-full flex-wrap items-center gap-2">
          {linkedFilter("service", "Service", view.service)}
          {linkedFilter("prompt", "Prompt version", view.prompt)}
        </div>
      ) : null}
      <label className="flex flex-col gap-1">
        Search
        <input type="search" name="q" defaultValue={view.q} placeholder="Tool, arguments, transcript, call id" className={`${field} w-64`} />
      </label>
      <label className="flex flex-col gap-1">
        Criterion
        <select name="criterion" defaultValue={view.criterion ?? ""} onChange={submit} className={`${field} max-w-56`}>
          <option value="">All criteria</option>
          {criteria.map((criterion) => (
            <option key={criterion.id} value={criterion.id}>
              {criterion.label}
            </option>
          ))}
          {agentCriteria.length ? (
            <optgroup label="Agent-level criteria">
              {agentCriteria.map((criterion) => (
                <option key={criterion.id} value={criterion.id}>
                  {criterion.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
      {bothModes ? (
        <label className="flex flex-col gap-1">
          Mode
          <select name="mode" defaultValue={view.mode ?? ""} onChange={submit} className={field}>
            <option value="">Either mode</option>
            <option value="immediate">Immediate</option>
            <option value="hindsight">Hindsight</option>
          </select>
        </label>
      ) : null}
      <label className="flex flex-col gap-1">
        Tool
        <select name="tool" defaultValue={view.tool ?? ""} onChange={submit} className={`${field} max-w-56`}>
          <option value="">All tools</option>
          {tools.map((tool) => (
            <option key={tool.toolName} value={tool.toolName}>
              {tool.toolName} ({tool.calls})
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Verdict
        <select name="verdict" defaultValue={view.verdict ?? ""} onChange={submit} className={field}>
          <option value="">Any</option>
          <option value="pass">Pass</option>
          <option value="fail">Fail</option>
          <option value="na">Not applicable</option>
          <option value="error">Judge error</option>
        </select>
      </label>
      <fieldset className="flex items-end gap-1">
        <legend className="mb-1">Score</legend>
        <label>
          <span className="sr-only">Minimum score</span>
          <input type="number" name="min" min={0} max={1} step={0.05} defaultValue={view.min} placeholder="0" className={`${field} w-20`} />
        </label>
        <span aria-hidden="true" className="pb-1">
          –
        </span>
        <label>
          <span className="sr-only">Maximum score</span>
          <input type="number" name="max" min={0} max={1} step={0.05} defaultValue={view.max} placeholder="1" className={`${field} w-20`} />
        </label>
      </fieldset>
      {bothModes ? (
        <label className="flex items-center gap-2 pb-1.5">
          <input type="checkbox" name="changed" value="1" defaultChecked={view.changed === "1"} onChange={submit} />
          Changed between immediate and hindsight
        </label>
      ) : null}
      {referenceReasons ? (
        <label className="flex flex-col gap-1">
          Reference reason
          <select name="reason" defaultValue={view.reason ?? ""} onChange={submit} className={field}>
            <option value="">Any</option>
            {Object.entries(REFERENCE_REASON_LABELS)
              .filter(([code]) => code !== "missing_call")
              .map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      <label className="flex flex-col gap-1">
        Review status
        <select name="review" defaultValue={view.review ?? ""} onChange={submit} className={field}>
          <option value="">Any</option>
          {(Object.keys(REVIEW_FILTER_LABELS) as ReviewFilter[]).map((filter) => (
            <option key={filter} value={filter}>
              {REVIEW_FILTER_LABELS[filter]}
            </option>
          ))}
        </select>
      </label>
      {metadata.models.length ? (
        <label className="flex flex-col gap-1">
          Model
          <select name="model" defaultValue={view.model ?? ""} onChange={submit} className={`${field} max-w-56`}>
            <option value="">Any model</option>
            {metadata.models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {metadata.tasks.length ? (
        <label className="flex flex-col gap-1">
          Task
          <input name="task" defaultValue={view.task} list="run-task-ids" className={`${field} w-40`} />
          <datalist id="run-task-ids">
            {metadata.tasks.map((task) => (
              <option key={task} value={task} />
            ))}
          </datalist>
        </label>
      ) : null}
      {metadata.tags.length ? (
        <label className="flex flex-col gap-1">
          Tag
          <select name="tag" defaultValue={view.tag ?? ""} onChange={submit} className={`${field} max-w-48`}>
            <option value="">Any tag</option>
            {metadata.tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {metadata.outcomes ? (
        <label className="flex flex-col gap-1">
          Outcome
          <select name="outcome" defaultValue={view.outcome ?? ""} onChange={submit} className={field}>
            <option value="">Any outcome</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
            <option value="unknown">No outcome</option>
          </select>
        </label>
      ) : null}
      <div className="flex gap-2 pb-0.5">
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white hover:bg-slate-700">
          Apply
        </button>
        {filtered ? (
          <button type="button" onClick={clear} className="rounded-md px-2 py-1.5 text-slate-600 hover:underline">
            Clear filters
          </button>
        ) : null}
      </div>
    </form>
  );
}
