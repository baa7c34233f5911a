interface Props {
  runs: { id: string; name: string; mode: string }[];
  chosenRuns: string[];
  criteria: { id: string; text: string; title: string | null }[];
  chosenCriteria: string[];
  /** Shown when a chosen run judged in both modes. */
  offerMode: boolean;
  mode: string | undefined;
  disagree: boolean;
}

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/** What to compare, as a plain GET form: the choice lives in the URL and works without script. */
export function CompareForm({ runs, chosenRuns, criteria, chosenCriteria, offerMode, mode, disagree }: Props) {
  return (
    <form method="get" action="/runs/compare" aria-label="Choose what to compare" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Run
          <select name="run" defaultValue={chosenRuns[0] ?? ""} className={field}>
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
          <select name="run" defaultValue={chosenRuns[1] ?? ""} className={field}>
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
        <p className="text-sm text-slate-600">Choose a run and press Compare to list its criteria.</p>
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
