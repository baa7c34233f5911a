import { formatBytes } from "@/lib/transcripts/limits";
import { readItemsFromText } from "@/lib/transcripts/read-items";

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; error: string; path?: string };

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const pieces: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        return null;
      }
      pieces.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

/**
 * One JSON object from a request body, read up to `maxBytes`. Parsing goes through the importer's
 * reader so that a syntax error names its line and column, as uploads do.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const tooLarge = { ok: false as const, status: 413 as const, error: `the request body is larger than the limit of ${formatBytes(maxBytes)}` };
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return tooLarge;
  const bytes = await readCapped(request.body, maxBytes);
  if (!bytes) return tooLarge;
  const items = readItemsFromText(bytes, "request body", { maxItemBytes: maxBytes });
  const [first] = items;
  if (!first) return { ok: false, status: 400, error: "the request body is empty: expected a JSON object", path: "" };
  if (!first.ok) return { ok: false, status: 400, error: first.error.message, path: first.error.path };
  if (items.length > 1) return { ok: false, status: 400, error: "expected one JSON object in the request body, found several", path: "" };
  return { ok: true, value: first.value };
}
