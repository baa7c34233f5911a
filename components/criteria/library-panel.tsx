"use client";

import { useState, useTransition } from "react";
import { CriterionKindBadge } from "@/components/criteria/criterion-kind-badge";
import { importLibraryCriteriaAction } from "@/lib/criteria/actions/import-library-criteria";
import { CRITERIA_LIBRARY } from "@/lib/criteria/library";
import { parseCriterion } from "@/lib/criteria/parse";

/** The built-in library; entries already among the user's criteria are marked. */
export function LibraryPanel({ existingTexts }: { existingTexts: string[] }) {
  const existing = new Set(existingTexts);
  const missing = CRITERIA_LIBRARY.filter((entry) => !existing.has(entry.text));
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const add = (ids: string[]) => startTransition(async () => setMessage((await importLibraryCriteriaAction({ ids })).message));

  return (
    <section aria-labelledby="library-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="library-heading" className="font-semibold">Library</h2>
        <button type="button" disabled={pending || missing.length === 0} onClick={() => add(missing.map((e) => e.id))} className="rounded-md bg-slate-900 px-3 py-1 text-sm font-medium text-white disabled:opacity-40">
          Add all ({missing.length})
        </button>
      </div>
      {message ? <p role="status" className="mt-2 text-sm text-emerald-800">{message}</p> : null}
      <ul className="mt-3 space-y-3">
        {CRITERIA_LIBRARY.map((entry) => {
          const parsed = parseCriterion(entry.text);
          const have = existing.has(entry.text);
          return (
            <li key={entry.id} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{entry.title}</span>
                {have ? (
                  <span className="text-xs text-slate-500">added</span>
                ) : (
                  <button type="button" disabled={pending} onClick={() => add([entry.id])} aria-label={`Add ${entry.title}`} className="text-indigo-700 hover:underline">
                    Add
                  </button>
                )}
              </div>
              <p className="text-slate-600">{entry.text}</p>
              <div className="mt-1 flex gap-2">
                {parsed.ok ? <CriterionKindBadge kind={parsed.criterion.kind} /> : null}
                {entry.view === "hindsight" ? <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-800">needs hindsight</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
