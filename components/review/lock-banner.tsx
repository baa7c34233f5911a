import type { LockView } from "./types";
import { formatClock } from "./time";

interface Props {
  lock: LockView;
  canReview: boolean;
  pending: boolean;
  onClaim: () => void;
  onRelease: () => void;
}

const button = "rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 disabled:opacity-50";

/**
 * Who is working on the item and until when. The lock keeps two reviewers from recording
 * verdicts on the same item at once; it runs out on its own if a tab is closed.
 */
export function LockBanner({ lock, canReview, pending, onClaim, onRelease }: Props) {
  if (lock.heldByMe && lock.until) {
    return (
      <div role="status" data-testid="lock-state" className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <span>
          You are working on this item until <time dateTime={lock.until}>{formatClock(lock.until)}</time>; it renews while this page is open.
        </span>
        <button type="button" onClick={onRelease} disabled={pending} className={`${button} ml-auto`}>
          Release
        </button>
      </div>
    );
  }
  if (lock.holder && lock.until) {
    return (
      <div role="status" data-testid="lock-state" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <strong>{lock.holder.name}</strong> is working on this item until <time dateTime={lock.until}>{formatClock(lock.until)}</time>. You can read it;
        changes wait until they release it or the lock runs out.
      </div>
    );
  }
  return (
    <div role="status" data-testid="lock-state" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
      <span>Nobody is working on this item.</span>
      {canReview ? (
        <button type="button" onClick={onClaim} disabled={pending} className={`${button} ml-auto`}>
          Work on it
        </button>
      ) : null}
    </div>
  );
}
