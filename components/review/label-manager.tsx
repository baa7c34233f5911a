"use client";

import { useState, useTransition } from "react";
import { plural } from "@/lib/platform/format";
import { LabelForm } from "./label-form";
import type { Outcome } from "./outcome";
import type { LabelActions } from "./review-actions";
import type { LabelView } from "./types";


type LabelRowView = LabelView & { usage: number };

function LabelRow({ label, canEdit, actions }: { label: LabelRowView; canEdit: boolean; actions: LabelActions }) {
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [pending, startTransition] = useTransition();
  const done = (outcome: Outcome) => {
    setMessage(outcome);
    return outcome;
  };
  return (
    <li aria-label={label.name} className={`p-3 ${label.archived ? "bg-slate-50" : ""}`}>
      {editing ? (
        <LabelForm
          label={`Rename ${label.name}`}
          submitLabel="Save"
          initial={label}
          onSubmit={async (values) => {
            const outcome = done(await actions.rename({ labelId: label.id, ...values }));
            if (outcome.ok) setEditing(false);
            return outcome;
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className={`font-medium ${label.archived ? "text-slate-500" : ""}`}>
              {label.name}
              {label.archived ? <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-700">archived</span> : null}
            </p>
            {label.description ? <p className="text-sm text-slate-600">{label.description}</p> : null}
            <p className="text-xs text-slate-500">{label.usage === 0 ? "Not used yet" : `On ${plural(label.usage, "item")}`}</p>
            {message ? (
              <p role={message.ok ? "status" : "alert"} className={`text-xs ${message.ok ? "text-emerald-800" : "text-rose-800"}`}>
                {message.message}
              </p>
            ) : null}
          </div>
          {canEdit ? (
            <div className="flex gap-3 text-sm">
              <button type="button" onClick={() => setEditing(true)} className="text-indigo-700 hover:underline">
                Rename
              </button>
              <button
                type="button"
                disabled={pending}
                onClick={() => startTransition(async () => void done(await actions.archive({ labelId: label.id, archived: !label.archived })))}
                className="text-slate-700 hover:underline disabled:opacity-50"
              >
                {label.archived ? "Restore" : "Archive"}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * The small set of labels reviewers pick from. Archiving hides a label from the picker but keeps
 * it on the items that carry it, so past reviews still read as they were written.
 */
export function LabelManager({ labels, canEdit, actions }: { labels: LabelRowView[]; canEdit: boolean; actions: LabelActions }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {labels.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">No labels yet.</p>
      ) : (
        <ul aria-label="Labels" className="divide-y divide-slate-200 self-start rounded-lg border border-slate-200 bg-white">
          {labels.map((label) => (
            <LabelRow key={label.id} label={label} canEdit={canEdit} actions={actions} />
          ))}
        </ul>
      )}
      {canEdit ? (
        <section aria-labelledby="new-label-heading" className="self-start rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="new-label-heading" className="mb-2 font-semibold">New label</h2>
          <LabelForm
            label="New label"
            submitLabel="Add label"
            onSubmit={actions.create}
          />
        </section>
      ) : (
        <p className="text-sm text-slate-600">Only admins can change labels.</p>
      )}
    </div>
  );
}
