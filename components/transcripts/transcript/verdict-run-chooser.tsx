import Link from "next/link";

/**
 * Which run's verdicts the call cards show, and the others to choose from: a form that reloads
 * the page with `?run=`, so it works before any script has loaded.
 */
export function VerdictRunChooser({ runs, shown }: { runs: { id: string; name: string }[]; shown: { id: string; name: string } }) {
  if (runs.length < 2) {
    return (
      <p className="mb-3 text-sm text-slate-600">
        Verdicts on each call from the run <Link href={`/runs/${encodeURIComponent(shown.id)}`} className="text-indigo-700 underline">{shown.name}</Link>.
      </p>
    );
  }
  return (
    <form method="get" className="mb-3 flex flex-wrap items-center gap-2 text-sm" aria-label="Verdicts shown">
      <label htmlFor="verdict-run" className="text-slate-600">
        Verdicts on each call from the run
      </label>
      <select id="verdict-run" name="run" defaultValue={shown.id} className="max-w-64 rounded-md border border-slate-300 bg-white px-2 py-1">
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            {run.name}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100">
        Show
      </button>
    </form>
  );
}
