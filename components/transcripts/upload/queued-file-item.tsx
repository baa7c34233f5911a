"use client";

import type { QueuedFile } from "@/lib/transcripts/upload-queue";
import { FileResult } from "./file-result";

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const STATE_LABELS: Record<QueuedFile<File>["state"], { text: string; className: string }> = {
  waiting: { text: "Waiting", className: "bg-slate-100 text-slate-700" },
  importing: { text: "Importing", className: "bg-indigo-100 text-indigo-800" },
  done: { text: "Done", className: "bg-emerald-100 text-emerald-800" },
  failed: { text: "Failed", className: "bg-rose-100 text-rose-800" },
};

/** One file of the queue: its name, size and state, then its progress, its result or why it failed. */
export function QueuedFileItem({ entry }: { entry: QueuedFile<File> }) {
  const label = STATE_LABELS[entry.state];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Upload of ${entry.name}`}>
      <div className="mb-2 flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{entry.name}</span>
        <span className="flex items-center gap-2">
          <span className="text-slate-500">{formatSize(entry.size)}</span>
          <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${label.className}`}>{label.text}</span>
        </span>
      </div>
      {entry.state === "waiting" ? <p className="text-sm text-slate-500">Waiting for the files before it…</p> : null}
      {entry.state === "importing" ? (
        <div>
          <progress
            className="w-full"
            value={!entry.progress || entry.progress.processing ? undefined : entry.progress.sent}
            max={entry.progress?.total || 1}
            aria-label={`Progress of ${entry.name}`}
          />
          <p className="text-xs text-slate-600" role="status">
            {!entry.progress || entry.progress.processing
              ? "Importing…"
              : `Uploading and importing: ${Math.round((100 * entry.progress.sent) / (entry.progress.total || 1))}%`}
          </p>
        </div>
      ) : null}
      {entry.state === "done" ? <FileResult result={entry.result} /> : null}
      {entry.state === "failed" ? <p role="alert" className="text-sm text-rose-800">{entry.error}</p> : null}
    </li>
  );
}
