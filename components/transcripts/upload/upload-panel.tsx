"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { uploadErrorSchema, uploadResponseSchema, type UploadResponse } from "@/lib/transcripts/schemas/upload-response";
import { FileResult } from "./file-result";
import { OfferedCriteria } from "./offered-criteria";
import { postFile, type PostProgress } from "./post-file";

type Entry =
  | { name: string; size: number; state: "queued" }
  | { name: string; size: number; state: "sending"; progress: PostProgress }
  | { name: string; size: number; state: "done"; result: UploadResponse }
  | { name: string; size: number; state: "failed"; error: string };

const ACCEPTED = /\.(json|jsonl|ndjson)$/i;

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function UploadPanel({ maxMb }: { maxMb: number }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [pasted, setPasted] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  const update = (index: number, entry: Entry) => setEntries((list) => list.map((e, i) => (i === index ? entry : e)));

  async function send(files: File[]) {
    if (files.length === 0 || busy) return;
    setBusy(true);
    const offset = entries.length;
    setEntries((list) => [...list, ...files.map((f): Entry => ({ name: f.name, size: f.size, state: "queued" }))]);
    // Files of one drop form one upload: the first answer names it, the others join it.
    let current: string | null = null;
    for (const [i, file] of files.entries()) {
      const index = offset + i;
      if (!ACCEPTED.test(file.name)) {
        update(index, { name: file.name, size: file.size, state: "failed", error: "Only .json, .jsonl and .ndjson files are accepted." });
        continue;
      }
      if (file.size > maxMb * 1024 * 1024) {
        update(index, { name: file.name, size: file.size, state: "failed", error: `${file.name}: the file is larger than the limit of ${maxMb} MB` });
        continue;
      }
      const params = new URLSearchParams({ file: file.name, source: "browser" });
      if (current) params.set("upload", current);
      try {
        const { status, body } = await postFile(`/api/transcripts?${params}`, file, (progress) =>
          update(index, { name: file.name, size: file.size, state: "sending", progress }),
        );
        const parsed = uploadResponseSchema.safeParse(body);
        if (parsed.success) {
          current = parsed.data.uploadId;
          setUploadId(parsed.data.uploadId);
          update(index, { name: file.name, size: file.size, state: "done", result: parsed.data });
        } else {
          const error = uploadErrorSchema.safeParse(body);
          update(index, { name: file.name, size: file.size, state: "failed", error: error.success ? error.data.error : `The server answered ${status}.` });
        }
      } catch (error) {
        update(index, { name: file.name, size: file.size, state: "failed", error: error instanceof Error ? error.message : String(error) });
      }
    }
    setBusy(false);
  }

  function sendPasted() {
    const text = pasted.trim();
    if (!text) return;
    // A pasted text with one JSON value per line is JSON Lines; anything else is one JSON document.
    const looksLikeLines = text.includes("\n") && text.split("\n").every((line) => !line.trim() || line.trim().startsWith("{"));
    const name = looksLikeLines ? "pasted.jsonl" : "pasted.json";
    void send([new File([text], name, { type: "application/json" })]);
  }

  const criteria = [...new Set(entries.flatMap((e) => (e.state === "done" ? e.result.criteria : [])))];
  const importedTotal = entries.reduce((n, e) => n + (e.state === "done" ? e.result.imported.length : 0), 0);

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
          void send([...e.dataTransfer.files]);
        }}
        className={`rounded-lg border-2 border-dashed p-8 text-center ${dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white"}`}
      >
        <p className="text-sm text-slate-700">Drop .json or .jsonl files here (up to {maxMb} MB each), or</p>
        <label className="mt-3 inline-block cursor-pointer rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus-within:outline focus-within:outline-2 focus-within:outline-indigo-600 hover:bg-indigo-500">
          Choose files
          <input
            ref={inputRef}
            type="file"
            multiple
            accept=".json,.jsonl,.ndjson,application/json"
            className="sr-only"
            onChange={(e) => {
              void send([...(e.target.files ?? [])]);
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
        <button type="button" onClick={sendPasted} disabled={busy || !pasted.trim()} className="mt-2 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-50">
          Import pasted text
        </button>
      </div>

      {entries.length > 0 ? (
        <section aria-labelledby="results-heading" className="space-y-4">
          <h2 id="results-heading" className="text-lg font-semibold">Results</h2>
          {uploadId && importedTotal > 0 ? (
            <p className="text-sm">
              <Link href={`/transcripts?upload=${uploadId}`} className="font-medium text-indigo-700 hover:underline">
                View the {importedTotal} imported transcript{importedTotal === 1 ? "" : "s"}
              </Link>
            </p>
          ) : null}
          <ul className="space-y-3">
            {entries.map((entry, i) => (
              <li key={i} className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Upload of ${entry.name}`}>
                <div className="mb-2 flex items-center justify-between gap-2 text-sm">
                  <span className="font-medium">{entry.name}</span>
                  <span className="text-slate-500">{formatSize(entry.size)}</span>
                </div>
                {entry.state === "queued" ? <p className="text-sm text-slate-500">Waiting…</p> : null}
                {entry.state === "sending" ? (
                  <div>
                    <progress className="w-full" value={entry.progress.processing ? undefined : entry.progress.sent} max={entry.progress.total || 1} aria-label={`Progress of ${entry.name}`} />
                    <p className="text-xs text-slate-600" role="status">
                      {entry.progress.processing ? "Importing…" : `Uploading and importing: ${Math.round((100 * entry.progress.sent) / (entry.progress.total || 1))}%`}
                    </p>
                  </div>
                ) : null}
                {entry.state === "done" ? <FileResult result={entry.result} /> : null}
                {entry.state === "failed" ? <p role="alert" className="text-sm text-rose-800">{entry.error}</p> : null}
              </li>
            ))}
          </ul>
          <OfferedCriteria key={criteria.join("\n")} criteria={criteria} />
        </section>
      ) : null}
    </div>
  );
}
