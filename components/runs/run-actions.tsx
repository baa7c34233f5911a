"use client";

import { useState, useTransition } from "react";
import { cancelRunAction } from "@/lib/runs/actions/cancel-run";
import { retryFailedAction } from "@/lib/runs/actions/retry-failed";

export function RunActions({ runId, canCancel, failed }: { runId: string; canCancel: boolean; failed: number }) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const act = (action: () => Promise<{ message: string }>) => startTransition(async () => setMessage((await action()).message));
  return (
    <div className="flex items-center gap-2">
      {canCancel ? (
        <button type="button" disabled={pending} onClick={() => act(() => cancelRunAction({ runId }))} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100">
          Cancel run
        </button>
      ) : null}
      {failed > 0 ? (
        <button type="button" disabled={pending} onClick={() => act(() => retryFailedAction({ runId }))} className="rounded-md bg-rose-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-600">
          Retry {failed} failed
        </button>
      ) : null}
      {message ? <span role="status" className="text-sm text-slate-700">{message}</span> : null}
    </div>
  );
}
