"use client";

import Link from "next/link";
import { useState } from "react";
import { plural } from "@/lib/platform/format";
import { importedTotal, offeredCriteria, queueCounts } from "@/lib/transcripts/upload-queue";
import { OfferedCriteria } from "./offered-criteria";
import { QueuedFileItem } from "./queued-file-item";
import { useUploadQueue } from "./use-upload-queue";

/** Files chosen, dropped or pasted at any time join one queue and are imported one after another. */
export function UploadPanel({ maxMb }: { maxMb: number }) {
  const { queue, add } = useUploadQueue(maxMb);
  const [dragging, setDragging] = useState(false);
  const [pasted, setPasted] = useState("");

  function sendPasted() {
    const text = pasted.trim();
    if (!text) return;
    // A pasted text with one JSON value per line is JSON Lines; anything else is one JSON document.
    const looksLikeLines = text.includes("\n") && text.split("\n").every((line) => !line.trim() || line.trim().startsWith("{"));
    const name = looksLikeLines ? "pasted.jsonl" : "pasted.json";
    add([new File([text], name, { type: "application/json" })]);
  }

  const criteria = offeredCriteria(queue);
  const imported = importedTotal(queue);
  const counts = queueCounts(queue);

  return (
    <div className="space-y-6">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          add([...e.dataTransfer.files]);
        }}
        className={`rounded-lg border-2 border-dashed p-8 text-center ${dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white"}`}
      >
        <p className="text-sm text-slate-700">Drop .json or .jsonl files here (up to {maxMb} MB each), or</p>
        <label className="mt-3 inline-block cursor-pointer rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus-within:outline focus-within:outline-2 focus-within:outline-indigo-600 hover:bg-indigo-500">
          Choose files
          <input
            type="file"
            multiple
            accept=".json,.jsonl,.ndjson,application/json"
            className="sr-only"
            onChange={(e) => {
              add([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
        </label>
        <p className="mt-3 text-xs text-slate-500">
          OpenAI chat, evaluation requests (with <code>evaluation_criteria</code>), Anthropic Messages or OpenAI Responses; one object, an array, or JSON Lines.
        </p>
      </div>

      <div>
        <label htmlFor="paste" className="block text-sm font-medium">Or paste a transcript</label>
        <textarea
          id="paste"
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          rows={6}
          placeholder='{"messages": [...], "tools": [...]}'
          className="mt-1 w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
        />
        <button type="button" onClick={sendPasted} disabled={!pasted.trim()} className="mt-2 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-50">
          Import pasted text
        </button>
      </div>

      {queue.files.length > 0 ? (
        <section aria-labelledby="results-heading" className="space-y-4">
          <h2 id="results-heading" className="text-lg font-semibold">Results</h2>
          <p className="text-sm text-slate-600" role="status" aria-label="Upload queue">
            {plural(queue.files.length, "file")}: {counts.done} done, {counts.importing} importing, {counts.waiting} waiting, {counts.failed} failed.
          </p>
          {queue.uploadId && imported > 0 ? (
            <p className="text-sm">
              <Link href={`/transcripts?upload=${queue.uploadId}`} className="font-medium text-indigo-700 hover:underline">
                View the {imported} imported transcript{imported === 1 ? "" : "s"}
              </Link>
            </p>
          ) : null}
          <ul className="space-y-3">
            {queue.files.map((entry) => (
              <QueuedFileItem key={entry.id} entry={entry} />
            ))}
          </ul>
          <OfferedCriteria key={criteria.join("\n")} criteria={criteria} />
        </section>
      ) : null}
    </div>
  );
}
