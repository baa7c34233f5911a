import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { HeaderReader } from "@/lib/judging/api/http/api-key";
import { bodyTooLarge, declaredTooLarge, parseJsonBody, type JsonBody } from "@/lib/judging/api/http/read-json-body";

/** Node's request headers behind the `get` of Fetch's Headers (names are lower case in both). */
export function nodeHeaders(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get(name: string): string | null {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

export type NodeBody = { ok: true; bytes: Uint8Array } | Extract<JsonBody, { ok: false }>;

/**
 * A Node request's whole body, up to `maxBytes` (413 past it, by its Content-Length or once that
 * much arrived: the rest is read and dropped, so the connection stays usable). The bytes are a
 * copy of their own, not a view of a pooled buffer: posted to a thread, a view would copy its
 * whole underlying buffer.
 */
export function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<NodeBody> {
  if (declaredTooLarge(request.headers["content-length"], maxBytes)) {
    request.resume();
    return Promise.resolve(bodyTooLarge(maxBytes) as NodeBody);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    request.on("data", (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.once("end", () => {
      if (total > maxBytes) return resolve(bodyTooLarge(maxBytes) as NodeBody);
      const bytes = new Uint8Array(total);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      resolve({ ok: true, bytes });
    });
    // A client that went away gets no answer; what it sent is not a body to judge.
    request.once("error", () => resolve({ ok: false, status: 400, error: "the request body was cut off", path: "" }));
  });
}

/** readNodeBody, parsed as route handlers parse theirs (parseJsonBody). */
export async function readNodeJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const body = await readNodeBody(request, maxBytes);
  return body.ok ? parseJsonBody(body.bytes, maxBytes) : body;
}
