import type { UploadResponse } from "./schemas/upload-response";

/** How far one file's request has gone: bytes sent, then the server importing them. */
export interface SendProgress {
  sent: number;
  total: number;
  /** True once every byte is sent and the server is finishing the import. */
  processing: boolean;
}

interface Base<F> {
  /** Stable within one queue: list keys and transitions name a file by it, never by its place. */
  id: number;
  name: string;
  size: number;
  file: F;
}

/** One chosen file and what became of it; a file leaves "waiting" once and ends "done" or "failed". */
export type QueuedFile<F> =
  | (Base<F> & { state: "waiting" })
  | (Base<F> & { state: "importing"; progress: SendProgress | null })
  | (Base<F> & { state: "done"; result: UploadResponse })
  | (Base<F> & { state: "failed"; error: string });

export interface UploadQueue<F> {
  files: QueuedFile<F>[];
  nextId: number;
  /**
   * The upload the queue's files join: the first answer names it, every later file joins it, so
   * that the link to the imported transcripts shows all of them, however the files were added.
   */
  uploadId: string | null;
}

export type QueueAction<F> =
  | { type: "added"; files: { name: string; size: number; file: F }[]; maxMb: number }
  | { type: "started"; id: number }
  | { type: "progressed"; id: number; progress: SendProgress }
  | { type: "finished"; id: number; result: UploadResponse }
  | { type: "failed"; id: number; error: string };

const ACCEPTED = /\.(json|jsonl|ndjson)$/i;

export function emptyQueue<F>(): UploadQueue<F> {
  return { files: [], nextId: 1, uploadId: null };
}

/** Why a file is refused before it is sent, or null: a refused file keeps its line, with this message. */
export function refusal(name: string, size: number, maxMb: number): string | null {
  if (!ACCEPTED.test(name)) return `${name}: only .json, .jsonl and .ndjson files are accepted.`;
  // The server's own words for the same refusal (lib/transcripts/server/import-file.ts).
  if (size > maxMb * 1024 * 1024) return `${name}: the file is larger than the limit of ${maxMb} MB`;
  return null;
}

function withFile<F>(queue: UploadQueue<F>, id: number, change: (file: QueuedFile<F>) => QueuedFile<F>): UploadQueue<F> {
  return { ...queue, files: queue.files.map((file) => (file.id === id ? change(file) : file)) };
}

/**
 * The queue's transitions. Files are only ever appended, so a file chosen while another imports
 * waits its turn; a transition that does not fit a file's state (a late progress event after the
 * answer) leaves it as it is.
 */
export function uploadQueueReducer<F>(queue: UploadQueue<F>, action: QueueAction<F>): UploadQueue<F> {
  switch (action.type) {
    case "added": {
      const added = action.files.map((chosen, index): QueuedFile<F> => {
        const base = { id: queue.nextId + index, name: chosen.name, size: chosen.size, file: chosen.file };
        const refused = refusal(chosen.name, chosen.size, action.maxMb);
        return refused ? { ...base, state: "failed", error: refused } : { ...base, state: "waiting" };
      });
      return { ...queue, files: [...queue.files, ...added], nextId: queue.nextId + added.length };
    }
    case "started":
      return withFile(queue, action.id, (file) => (file.state === "waiting" ? { ...file, state: "importing", progress: null } : file));
    case "progressed":
      return withFile(queue, action.id, (file) => (file.state === "importing" ? { ...file, progress: action.progress } : file));
    case "finished": {
      const next = withFile(queue, action.id, (file): QueuedFile<F> => (file.state === "importing" ? { ...file, state: "done", result: action.result } : file));
      return { ...next, uploadId: queue.uploadId ?? action.result.uploadId };
    }
    case "failed":
      return withFile(queue, action.id, (file): QueuedFile<F> => (file.state === "importing" ? { ...file, state: "failed", error: action.error } : file));
  }
}

/** The file to send now: the oldest waiting one, and none while another is importing (one at a time). */
export function nextToImport<F>(queue: UploadQueue<F>): QueuedFile<F> | null {
  if (queue.files.some((file) => file.state === "importing")) return null;
  return queue.files.find((file) => file.state === "waiting") ?? null;
}

/** How many files are in each state, for the queue's one-line summary. */
export function queueCounts<F>(queue: UploadQueue<F>): Record<QueuedFile<F>["state"], number> {
  const counts = { waiting: 0, importing: 0, done: 0, failed: 0 };
  for (const file of queue.files) counts[file.state]++;
  return counts;
}

/** Transcripts imported by the queue's files, all in its one upload. */
export function importedTotal<F>(queue: UploadQueue<F>): number {
  return queue.files.reduce((sum, file) => sum + (file.state === "done" ? file.result.imported.length : 0), 0);
}

/** Criteria the imported files offered, each once, in order of appearance. */
export function offeredCriteria<F>(queue: UploadQueue<F>): string[] {
  return [...new Set(queue.files.flatMap((file) => (file.state === "done" ? file.result.criteria : [])))];
}
