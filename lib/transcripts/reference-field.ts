import { parsePyJson } from "@/lib/references/py-json";
import { fromJs, PyDict, toPyJson, type PyValue } from "@/lib/references/py-value";
import { readReference } from "@/lib/references/read-reference";
import type { ImportWarning } from "./import-types";
import type { CanonicalTranscript } from "./types";

const MAX_LISTED = 5;

/**
 * The item's reference (top-level `reference`, or `metadata.reference`), read and attached to the
 * transcript as stored text; taken out of its metadata either way, so that it never changes the
 * content hash. A reference that is not valid is left out with a warning naming each problem's
 * path: the transcript is still imported. `text` is the item's JSON text, when the reader kept it:
 * only the text says whether `2.0` was a float.
 */
export function takeReference(value: unknown, transcript: CanonicalTranscript, text?: string): ImportWarning[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  const metadata = transcript.metadata as Record<string, unknown>;
  const inMetadata = record.reference === undefined && metadata.reference !== undefined;
  const raw = inMetadata ? metadata.reference : record.reference;
  if (inMetadata) delete metadata.reference;
  if (raw === undefined || raw === null) return [];
  const path = inMetadata ? "metadata.reference" : "reference";
  const py = text ? pyValueAt(text, inMetadata ? ["metadata", "reference"] : ["reference"]) : undefined;
  const read = readReference(raw, py, path);
  if (!read.ok) {
    const more = read.issues.length > MAX_LISTED ? ` (and ${read.issues.length - MAX_LISTED} more)` : "";
    return [{ code: "invalid_reference", message: `The reference was not attached: ${read.issues.slice(0, MAX_LISTED).map((issue) => issue.message).join("; ")}${more}.`, location: { path: read.issues[0]?.path ?? path } }];
  }
  transcript.referenceText = toPyJson(py ?? fromJs(raw));
  return [];
}

function pyValueAt(text: string, keys: readonly string[]): PyValue | undefined {
  const parsed = parsePyJson(text);
  if (!parsed.ok) return undefined;
  let value: PyValue = parsed.value;
  for (const key of keys) {
    if (!(value instanceof PyDict) || !value.entries.has(key)) return undefined;
    value = value.entries.get(key) ?? null;
  }
  return value;
}
