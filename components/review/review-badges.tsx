import { REASON_LABELS, STATUS_LABELS, VERDICT_LABELS, type HumanVerdictKind, type QueueReason, type ReviewStatus } from "./types";

const pill = "rounded-full px-2 py-0.5 text-xs font-medium";

const statusTones: Record<ReviewStatus, string> = {
  open: "bg-slate-100 text-slate-700",
  "in-review": "bg-sky-100 text-sky-800",
  done: "bg-emerald-100 text-emerald-800",
};

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <span className={`${pill} ${statusTones[status]}`} data-testid="review-status">{STATUS_LABELS[status]}</span>;
}

const reasonTones: Record<QueueReason, string> = {
  failed: "bg-rose-100 text-rose-800",
  "low-score": "bg-amber-100 text-amber-800",
  flipped: "bg-violet-100 text-violet-900",
};

/** Why the item was queued; an item can be here for several reasons at once. */
export function ReasonBadges({ reasons }: { reasons: QueueReason[] }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {reasons.map((reason) => (
        <span key={reason} className={`rounded px-1.5 py-0.5 text-xs font-medium ${reasonTones[reason]}`}>
          {REASON_LABELS[reason]}
        </span>
      ))}
    </span>
  );
}

const verdictTones: Record<HumanVerdictKind, string> = {
  agree: "bg-emerald-100 text-emerald-800",
  disagree: "bg-rose-100 text-rose-800",
  discuss: "bg-amber-100 text-amber-800",
};

/** A person's verdict, marked as human so it is never mistaken for the judge's. */
export function HumanVerdictBadge({ kind }: { kind: HumanVerdictKind | null }) {
  if (!kind) return <span className="text-xs text-slate-500">No verdict yet</span>;
  return <span className={`${pill} ${verdictTones[kind]}`}>Human: {VERDICT_LABELS[kind].toLowerCase()}</span>;
}
