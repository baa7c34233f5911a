"use client";

import { useState, useTransition } from "react";
import { addOfferedCriteria, type AddOfferedCriteriaState } from "@/lib/criteria/actions/add-offered-criteria";
import { parseCriterion } from "@/lib/criteria/parse";

/** Criteria that came with uploaded evaluation requests, offered for the criteria library. */
export function OfferedCriteria({ criteria }: { criteria: string[] }) {
  const [chosen, setChosen] = useState<string[]>(() => criteria.filter((text) => parseCriterion(text).ok));
  const [state, setState] = useState<AddOfferedCriteriaState | null>(null);
  const [pending, startTransition] = useTransition();
  if (criteria.length === 0) return null;
  return (
    <section aria-labelledby="offered-heading" className="rounded-lg border border-sky-200 bg-sky-50 p-4">
      <h3 id="offered-heading" className="font-semibold">Criteria found in the upload</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {criteria.map((text) => {
          const parsed = parseCriterion(text);
          return (
          <li key={text}>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                disabled={!parsed.ok}
                checked={chosen.includes(text)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, text] : chosen.filter((t) => t !== text))}
                className="mt-1"
              />
              <span>
                {text}
                {parsed.ok ? null : <span className="block text-xs text-rose-800">{parsed.message}</span>}
              </span>
            </label>
          </li>
          );
        })}
      </ul>
      <button
        type="button"
        disabled={pending || chosen.length === 0}
        onClick={() => startTransition(async () => setState(await addOfferedCriteria({ texts: chosen })))}
        className="mt-3 rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600 disabled:opacity-50"
      >
        Add to criteria
      </button>
      {state ? (
        <p role="status" className={`mt-2 text-sm ${state.ok ? "text-emerald-800" : "text-rose-800"}`}>
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
