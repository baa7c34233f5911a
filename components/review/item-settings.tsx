"use client";

import { useId } from "react";
import { REVIEW_STATUSES, STATUS_LABELS, type LabelView, type PersonView, type ReviewStatus } from "./types";

interface Props {
  status: ReviewStatus;
  labelId: string | null;
  labels: LabelView[];
  assignee: PersonView | null;
  members: PersonView[];
  me: PersonView;
  /** Label and status: the reviewer's role allows it and nobody else holds the item. */
  enabled: boolean;
  /** Assigning needs no lock: it says who should work on the item, not who does. */
  canAssign: boolean;
  pending: boolean;
  errors: { label?: string; status?: string; assignee?: string };
  onLabel: (labelId: string | null) => void;
  onStatus: (status: ReviewStatus) => void;
  onAssign: (userId: string | null) => void;
}

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-50 disabled:text-slate-500";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p id={id} role="alert" className="mt-1 text-xs text-rose-800">{message}</p> : null;
}

/** The item's label, status and assignee; each applies as soon as it changes. */
export function ItemSettings({ status, labelId, labels, assignee, members, me, enabled, canAssign, pending, errors, onLabel, onStatus, onAssign }: Props) {
  const ids = { label: useId(), status: useId(), assignee: useId() };
  // An archived label stays visible on the items that carry it, but cannot be picked anew.
  const choices = labels.filter((label) => !label.archived || label.id === labelId);
  // The assignee may have left the assignable members (removed, or now a viewer): keep them visible.
  const people = assignee && !members.some((m) => m.id === assignee.id) ? [assignee, ...members] : members;
  const off = !enabled || pending;
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
      <label className="block text-sm font-medium">
        Label
        <select
          value={labelId ?? ""}
          disabled={off}
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={errors.label ? ids.label : undefined}
          onChange={(event) => onLabel(event.target.value || null)}
          className={field}
        >
          <option value="">No label</option>
          {choices.map((label) => (
            <option key={label.id} value={label.id} title={label.description ?? undefined}>
              {label.name}
              {label.archived ? " (archived)" : ""}
            </option>
          ))}
        </select>
        <FieldError id={ids.label} message={errors.label} />
      </label>
      <label className="block text-sm font-medium">
        Status
        <select
          value={status}
          disabled={off}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? ids.status : undefined}
          onChange={(event) => onStatus(event.target.value as ReviewStatus)}
          className={field}
        >
          {REVIEW_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <FieldError id={ids.status} message={errors.status} />
      </label>
      <div className="text-sm font-medium">
        <label htmlFor={`${ids.assignee}-select`}>Assignee</label>
        <select
          id={`${ids.assignee}-select`}
          value={assignee?.id ?? ""}
          disabled={!canAssign || pending}
          aria-invalid={errors.assignee ? true : undefined}
          aria-describedby={errors.assignee ? ids.assignee : undefined}
          onChange={(event) => onAssign(event.target.value || null)}
          className={field}
        >
          <option value="">Unassigned</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.id === me.id ? `${person.name} (me)` : person.name}
            </option>
          ))}
        </select>
        {assignee?.id !== me.id && canAssign ? (
          <button type="button" disabled={pending} onClick={() => onAssign(me.id)} className="mt-1 text-xs font-normal text-indigo-700 hover:underline disabled:opacity-50">
            Assign to me
          </button>
        ) : null}
        <FieldError id={ids.assignee} message={errors.assignee} />
      </div>
    </div>
  );
}
