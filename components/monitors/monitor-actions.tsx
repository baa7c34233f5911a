"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { deleteMonitorAction } from "@/lib/monitors/actions/delete-monitor";
import { setMonitorPausedAction } from "@/lib/monitors/actions/set-monitor-paused";

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50";

/**
 * Edit, pause or resume, and delete. Deleting asks what becomes of the monitor's run: kept as an
 * ordinary run with its results, or deleted with them; nothing is deleted until one is chosen.
 */
export function MonitorActions({ id, name, paused }: { id: string; name: string; paused: boolean }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const act = (action: () => Promise<{ ok: boolean; message: string }>) =>
    startTransition(async () => {
      const result = await action();
      setMessage({ ok: result.ok, text: result.message });
    });
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        <Link href={`/monitors/${id}/edit`} className={button}>
          Edit
        </Link>
        <button type="button" disabled={pending} onClick={() => act(() => setMonitorPausedAction({ id, paused: !paused }))} className={button}>
          {paused ? "Resume" : "Pause"}
        </button>
        <button type="button" disabled={pending} aria-expanded={confirming} aria-controls={`delete-${id}`} onClick={() => setConfirming(!confirming)} className="rounded-md border border-rose-300 bg-white px-3 py-1.5 text-sm text-rose-800 hover:bg-rose-50">
          Delete…
        </button>
      </div>
      {confirming ? (
        <div id={`delete-${id}`} role="group" aria-label={`Delete ${name}`} className="max-w-md space-y-2 rounded-md border border-rose-200 bg-white p-3 text-sm shadow-sm">
          <p>The monitor stops judging new transcripts. Its run holds the results judged so far: keep it as an ordinary run, or delete it with them?</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" disabled={pending} onClick={() => act(() => deleteMonitorAction({ id, run: "keep" }))} className={button}>
              Delete monitor, keep its run
            </button>
            <button type="button" disabled={pending} onClick={() => act(() => deleteMonitorAction({ id, run: "delete" }))} className="rounded-md bg-rose-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-600 disabled:opacity-50">
              Delete monitor and its run
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="px-2 py-1.5 text-slate-600 hover:underline">
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-slate-700" : "text-rose-800"}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
