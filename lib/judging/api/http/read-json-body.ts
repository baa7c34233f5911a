import { exceedsDepth } from "@/lib/transcripts/json-depth";
import { formatBytes, resolveLimits } from "@/lib/transcripts/limits";
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

/** The refusal of a body past `maxBytes`, by its Content-Length or once that much has been read. */
export function bodyTooLarge(maxBytes: number): JsonBody {
  return { ok: false, status: 413, error: `the request body is larger than the limit of ${formatBytes(maxBytes)}` };
}

/** Whether a declared Content-Length is already past the limit (so nothing needs reading). */
export function declaredTooLarge(contentLength: string | null | undefined, maxBytes: number): boolean {
  return Number(contentLength ?? "0") > maxBytes;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The body as one JSON object by JSON.parse alone, or null to leave it to the importer's reader:
 * the common case (one valid object, as every client sends) without the reader's byte-by-byte
 * scan, which cost as much as the parse. Anything else the reader would read otherwise (invalid
 * UTF-8, a BOM, several values, an array, a syntax error, too deep) fails here and goes to it.
 */
function parseOneObject(bytes: Uint8Array, maxDepth: number): object | null {
  let value: unknown;
  try {
    value = JSON.parse(strictUtf8.decode(bytes));
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || exceedsDepth(value, maxDepth)) return null;
  return value;
}

/**
 * One JSON object from a whole request body. Parsing goes through the importer's reader so that
 * a syntax error names its line and column, as uploads do.
 */
export function parseJsonBody(bytes: Uint8Array, maxBytes: number): JsonBody {
  const limits = { maxItemBytes: maxBytes };
  const object = parseOneObject(bytes, resolveLimits(limits).maxDepth);
  if (object) return { ok: true, value: object };
  const items = readItemsFromText(bytes, "request body", limits);
  const [first] = items;
  if (!first) return { ok: false, status: 400, error: "the request body is empty: expected a JSON object", path: "" };
  if (!first.ok) return { ok: false, status: 400, error: first.error.message, path: first.error.path };
  if (items.length > 1) return { ok: false, status: 400, error: "expected one JSON object in the request body, found several", path: "" };
  return { ok: true, value: first.value };
}

/** One JSON object from a request body, read up to `maxBytes`. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  if (declaredTooLarge(request.headers.get("content-length"), maxBytes)) return bodyTooLarge(maxBytes);
  const bytes = await readCapped(request.body, maxBytes);
  if (!bytes) return bodyTooLarge(maxBytes);
  return parseJsonBody(bytes, maxBytes);
}
