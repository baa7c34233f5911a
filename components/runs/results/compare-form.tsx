"use client";

import { useState } from "react";
import type { CompareRunChoice } from "@/lib/runs/results/compare-choice";

interface Props {
  runs: CompareRunChoice[];
  chosenRuns: string[];
  chosenCriteria: string[];
  mode: string | undefined;
  disagree: boolean;
}

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/**
 * What to compare, as a GET form: the choice lives in the URL. Picking a run lists its criteria
 * at once, so one press of Compare is enough; without script the form still submits.
 */
export function CompareForm({ runs, chosenRuns, chosenCriteria, mode, disagree }: Props) {
  const [first, setFirst] = useState(chosenRuns[0] ?? "");
  const [second, setSecond] = useState(chosenRuns[1] ?? "");
  const picked = [first, second].filter(Boolean).map((id) => runs.find((run) => run.id === id)).filter((run) => run !== undefined);
  const criteria = [...new Map(picked.flatMap((run) => run.criteria).map((criterion) => [criterion.id, criterion])).values()];
  const offerMode = picked.some((run) => run.mode === "both");
  return (
    <form method="get" action="/runs/compare" aria-label="Choose what to compare" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Run
          <select name="run" aria-label="Run" value={first} onChange={(event) => setFirst(event.target.value)} className={field}>
            <option value="" disabled>
              Choose a run
            </option>
            {runs.map((run) => (
              <option key={run.id} value={run.id}>
                {run.name} ({run.mode})
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Second run (optional)
          <select name="run" aria-label="Second run" value={second} onChange={(event) => setSecond(event.target.value)} className={field}>
            <option value="">None: compare criteria within the run</option>
            {runs.map((run) => (
              <option key={run.id} value={run.id}>
                {run.name} ({run.mode})
              </option>
            ))}
          </select>
        </label>
        {offerMode ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            Mode
            <select name="mode" defaultValue={mode ?? ""} className={field}>
              <option value="">Hindsight (default)</option>
              <option value="immediate">Immediate</option>
              <option value="hindsight">Hindsight</option>
            </select>
          </label>
        ) : null}
      </div>
      {criteria.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium">Criteria (two or more, or one across two runs)</legend>
          <div className="mt-1 grid gap-1 md:grid-cols-2">
            {criteria.map((criterion) => (
              <label key={criterion.id} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="criterion" value={criterion.id} defaultChecked={chosenCriteria.includes(criterion.id)} className="mt-1" />
                <span>{criterion.title ?? criterion.text}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">{runs.length ? "Choose a run to list its criteria." : "No runs yet: start one to compare its criteria."}</p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="disagree" value="1" defaultChecked={disagree} />
          Only calls where they disagree
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
          Compare
        </button>
      </div>
    </form>
  );
}
