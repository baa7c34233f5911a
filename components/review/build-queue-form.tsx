"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import type { BuildQueueInput, BuildQueueResult } from "@/lib/review/schemas/review";

interface Props {
  runs: { id: string; name: string; mode: string; status: string }[];
  /** The chosen run, with what its results can be narrowed by. */
  run: {
    id: string;
    name: string;
    bothModes: boolean;
    criteria: { id: string; label: string }[];
    /** Agent-level criteria (one result per transcript); empty for a run without them. */
    agentCriteria: { id: string; label: string }[];
    tools: { toolName: string; calls: number }[];
  } | null;
  defaultScoreBelow: number;
  build: (input: BuildQueueInput) => Promise<BuildQueueResult>;
}

const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/**
 * A queue from a run: the reasons to queue a result (failed, low score, flipped; all three by
 * default), optionally narrowed to some criteria, modes or tools, or to call-level or agent-level
 * results when the run has agent criteria. The run is chosen through the
 * URL (?runId=), so a run page can link here with its run already picked.
 */
export function BuildQueueForm({ runs, run, defaultScoreBelow, build }: Props) {
  const router = useRouter();
  const [outcome, setOutcome] = useState<BuildQueueResult | null>(null);
  const [pending, startTransition] = useTransition();
  // Picking a run reloads the page with its criteria and tools; until it has, the form is not the
  // chosen run's, and a click must not build a queue from it.
  const [switching, startSwitch] = useTransition();
  const ids = { run: useId(), reasons: useId(), score: useId(), name: useId() };
  const failure = outcome && !outcome.ok ? outcome : null;
  // The server keys each message by its field's path, so it can sit beside that field.
  const fieldError = (path: string) => failure?.fieldErrors?.[path]?.join(" ");
  const errors = { runId: fieldError("runId"), name: fieldError("name"), reasons: fieldError("filter.failed"), scoreBelow: fieldError("filter.scoreBelow"), limit: fieldError("filter.limit") };
  // Whatever is not shown beside a field is said once below the form.
  const beside = new Set(Object.values(errors).filter(Boolean));
  const general = failure ? [...new Set(failure.message.split(/(?<=\.) /))].filter((sentence) => !beside.has(sentence)).join(" ") : "";

  // onSubmit rather than a form action: React resets a form after its action, and a refused
  // form should keep what the reviewer typed.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = (key: string) => form.getAll(key).map(String);
    const scoreText = String(form.get("scoreBelow") ?? "").trim();
    const limitText = String(form.get("limit") ?? "").trim();
    const input: BuildQueueInput = {
      runId: String(form.get("runId") ?? ""),
      name: String(form.get("name") ?? ""),
      filter: {
        failed: form.get("failed") === "on",
        lowScore: form.get("lowScore") === "on",
        flipped: form.get("flipped") === "on",
        // Sent as a number even when it is not one, so the server's message explains the problem.
        scoreBelow: scoreText === "" ? Number.NaN : Number(scoreText),
        criterionIds: checked("criterionIds"),
        modes: checked("modes") as ("immediate" | "hindsight")[],
        toolNames: checked("toolNames"),
        scopes: checked("scopes") as ("call" | "agent")[],
        sampling: String(form.get("sampling") ?? "all") as "all" | "random" | "stratified",
        ...(limitText === "" ? {} : { limit: Number(limitText) }),
      },
    };
    startTransition(async () => {
      const result = await build(input);
      setOutcome(result);
      if (result.ok && result.queueId) router.push(`/review/${result.queueId}`);
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Build a review queue" className="max-w-3xl space-y-5 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Run
          <select
            id={ids.run}
            name="runId"
            value={run?.id ?? ""}
            onChange={(event) => {
              const runId = event.target.value;
              setOutcome(null);
              startSwitch(() => router.replace(`/review/new?runId=${encodeURIComponent(runId)}`));
            }}
            aria-invalid={errors.runId ? true : undefined}
            className={`${field} min-w-64`}
          >
            <option value="">Choose a run…</option>
            {runs.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({option.mode}, {option.status})
              </option>
            ))}
          </select>
          {errors.runId ? <span role="alert" className="text-xs font-normal text-rose-800">{errors.runId}</span> : null}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <span>
            Queue name <span className="font-normal text-slate-500">(optional)</span>
          </span>
          <input
            name="name"
            maxLength={200}
            placeholder={run ? `${run.name} · review` : "Named after the run"}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? ids.name : undefined}
            className={`${field} w-72`}
          />
          {errors.name ? <span id={ids.name} role="alert" className="text-xs font-normal text-rose-800">{errors.name}</span> : null}
        </label>
      </div>

      <fieldset aria-describedby={errors.reasons ? ids.reasons : undefined} className="space-y-2">
        <legend className="text-sm font-semibold">Queue a result when</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="failed" defaultChecked /> its verdict is fail
        </label>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <input type="checkbox" name="lowScore" defaultChecked /> its score is below
          <input
            name="scoreBelow"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.05}
            defaultValue={defaultScoreBelow}
            aria-label="Score threshold"
            aria-invalid={errors.scoreBelow ? true : undefined}
            aria-describedby={errors.scoreBelow ? ids.score : undefined}
            className={`${field} w-20`}
          />
          <span className="text-slate-500">(scored criteria)</span>
        </label>
        {errors.scoreBelow ? <p id={ids.score} role="alert" className="text-xs text-rose-800">{errors.scoreBelow}</p> : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="flipped" defaultChecked /> its verdict changed between immediate and hindsight
          {run && !run.bothModes ? <span className="text-slate-500">(this run judged one mode: no flips)</span> : null}
        </label>
        {errors.reasons ? <p id={ids.reasons} role="alert" className="text-xs text-rose-800">{errors.reasons}</p> : null}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">How many</legend>
        <p className="text-xs text-slate-600">
          One item per call × criterion: its immediate and hindsight results are reviewed together.
          {run?.agentCriteria.length ? " One item per transcript × agent criterion, for a failed or low-scoring agent-level result. A sample and the cap take from both." : ""}
        </p>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="sampling" value="all" defaultChecked /> Every match, in reading order
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="sampling" value="random" /> A random sample
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="sampling" value="stratified" /> A sample stratified by criterion, tool and verdict
          </label>
        </div>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          At most
          <input
            name="limit"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="no cap"
            aria-label="Queue size cap"
            aria-invalid={errors.limit ? true : undefined}
            className={`${field} w-28`}
          />
          items
        </label>
        {errors.limit ? <p role="alert" className="text-xs text-rose-800">{errors.limit}</p> : null}
      </fieldset>

      {run ? (
        <details className="rounded-md border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium">Narrow it down (optional): criteria, modes, tools{run.agentCriteria.length ? ", call or agent level" : ""}</summary>
          <div className="mt-3 grid gap-4 md:grid-cols-3">
            <fieldset className="space-y-1">
              <legend className="mb-1 font-medium">Criteria</legend>
              {run.criteria.map((criterion) => (
                <label key={criterion.id} className="flex items-start gap-2">
                  <input type="checkbox" name="criterionIds" value={criterion.id} className="mt-1" /> {criterion.label}
                </label>
              ))}
              {run.agentCriteria.map((criterion) => (
                <label key={criterion.id} className="flex items-start gap-2">
                  <input type="checkbox" name="criterionIds" value={criterion.id} className="mt-1" /> {criterion.label} <span className="text-slate-500">(agent-level)</span>
                </label>
              ))}
            </fieldset>
            {run.agentCriteria.length ? (
              <fieldset className="space-y-1">
                <legend className="mb-1 font-medium">Results</legend>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="scopes" value="call" /> Call-level
                </label>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="scopes" value="agent" /> Agent-level
                </label>
              </fieldset>
            ) : null}
            {run.bothModes ? (
              <fieldset className="space-y-1">
                <legend className="mb-1 font-medium">Modes</legend>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="modes" value="immediate" /> Immediate
                </label>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="modes" value="hindsight" /> Hindsight
                </label>
              </fieldset>
            ) : null}
            <fieldset className="space-y-1">
              <legend className="mb-1 font-medium">Tools</legend>
              {run.tools.map((tool) => (
                <label key={tool.toolName} className="flex items-center gap-2">
                  <input type="checkbox" name="toolNames" value={tool.toolName} /> <span className="font-mono">{tool.toolName}</span>
                  <span className="text-slate-500">({tool.calls})</span>
                </label>
              ))}
            </fieldset>
          </div>
          <p className="mt-2 text-xs text-slate-600">
            Nothing ticked means every criterion, mode and tool.
            {run.agentCriteria.length ? " Agent-level results have no mode or tool: ticking a mode or a tool queues call-level results only." : ""}
          </p>
        </details>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending || switching} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
          Build queue
        </button>
        {outcome?.ok ? <p role="status" className="text-sm text-emerald-800">{outcome.message}</p> : null}
        {general ? (
          <p role="alert" className="text-sm text-rose-800">
            {general}
            {failure?.queueId ? (
              <>
                {" "}
                <Link href={`/review/${failure.queueId}`} className="font-medium text-indigo-700 underline">
                  Open the queue that holds them
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
