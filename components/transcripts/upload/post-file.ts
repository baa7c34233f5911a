"use client";

import type { SendProgress } from "@/lib/transcripts/upload-queue";

export interface PostResult {
  status: number;
  body: unknown;
}

/** XMLHttpRequest rather than fetch: only it reports upload progress in browsers. */
export function postFile(url: string, file: Blob, onProgress: (p: SendProgress) => void): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress({ sent: event.loaded, total: event.total || file.size, processing: false });
    xhr.upload.onload = () => onProgress({ sent: file.size, total: file.size, processing: true });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = { error: xhr.responseText.slice(0, 500) || `HTTP ${xhr.status}` };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("The connection to the server failed during the upload."));
    xhr.send(file);
  });
}
