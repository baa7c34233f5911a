"use client";

import { useCallback, useEffect, useReducer, useRef, type Dispatch } from "react";
import { uploadErrorSchema, uploadResponseSchema } from "@/lib/transcripts/schemas/upload-response";
import { emptyQueue, nextToImport, uploadQueueReducer, type QueueAction, type QueuedFile, type UploadQueue } from "@/lib/transcripts/upload-queue";
import { postFile } from "./post-file";

async function importFile(entry: QueuedFile<File>, uploadId: string | null, dispatch: Dispatch<QueueAction<File>>) {
  const params = new URLSearchParams({ file: entry.name, source: "browser" });
  if (uploadId) params.set("upload", uploadId);
  try {
    const { status, body } = await postFile(`/api/transcripts?${params}`, entry.file, (progress) => dispatch({ type: "progressed", id: entry.id, progress }));
    const parsed = uploadResponseSchema.safeParse(body);
    if (parsed.success) return dispatch({ type: "finished", id: entry.id, result: parsed.data });
    const error = uploadErrorSchema.safeParse(body);
    dispatch({ type: "failed", id: entry.id, error: error.success ? error.data.error : `The server answered ${status}.` });
  } catch (error) {
    dispatch({ type: "failed", id: entry.id, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The page's upload queue: files are added at any time, even while one imports, and sent one
 * after another, each joining the queue's upload once the first answer has named it.
 */
export function useUploadQueue(maxMb: number): { queue: UploadQueue<File>; add: (files: File[]) => void } {
  const [queue, dispatch] = useReducer(uploadQueueReducer<File>, undefined, emptyQueue<File>);
  // A file is sent once, even if the effect runs twice for it (React's development double run).
  const sent = useRef(new Set<number>());
  const next = nextToImport(queue);
  const { uploadId } = queue;

  useEffect(() => {
    if (!next || sent.current.has(next.id)) return;
    sent.current.add(next.id);
    dispatch({ type: "started", id: next.id });
    void importFile(next, uploadId, dispatch);
  }, [next, uploadId]);

  const add = useCallback(
    (files: File[]) => {
      if (files.length) dispatch({ type: "added", files: files.map((file) => ({ name: file.name, size: file.size, file })), maxMb });
    },
    [maxMb],
  );
  return { queue, add };
}
