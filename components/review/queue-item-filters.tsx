"use client";

import { useUrlParams } from "@/components/ui/table/use-url-params";
import { QUEUE_REASONS, REASON_LABELS, REVIEW_STATUSES, STATUS_LABELS, type PersonView } from "./types";

export interface QueueListFilter {
  status?: string;
  /** "me", "unassigned" or a member's id. */
  assignee?: string;
  reason?: string;
}

const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** The queue's filters; each choice lands in the URL, and the item pages walk the same list. */
export function QueueItemFilters({ filter, members }: { filter: QueueListFilter; members: PersonView[] }) {
  const { setParams } = useUrlParams();
  const set = (key: keyof QueueListFilter) => (event: React.ChangeEvent<HTMLSelectElement>) => setParams({ [key]: event.target.value || null, page: null });
  const filtered = Boolean(filter.status || filter.assignee || filter.reason);
  return (
    <form role="search" aria-label="Filter items" onSubmit={(event) => event.preventDefault()} className="mb-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <label className="flex flex-col gap-1">
        Status
        <select value={filter.status ?? ""} onChange={set("status")} className={field}>
          <option value="">Any status</option>
          {REVIEW_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Assignee
        <select value={filter.assignee ?? ""} onChange={set("assignee")} className={field}>
          <option value="">Anyone</option>
          <option value="me">Assigned to me</option>
          <option value="unassigned">Unassigned</option>
          {members.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Reason
        <select value={filter.reason ?? ""} onChange={set("reason")} className={field}>
          <option value="">Any reason</option>
          {QUEUE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </label>
      {filtered ? (
        <button type="button" onClick={() => setParams({ status: null, assignee: null, reason: null, page: null })} className="rounded-md px-2 py-1.5 text-slate-600 hover:underline">
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
