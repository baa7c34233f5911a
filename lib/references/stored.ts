import { parsePyJson } from "./py-json";
import { PyDict } from "./py-value";
import { referenceOf } from "./read-reference";
import type { Reference } from "./types";

/**
 * A reference is stored with its transcript as JSON text that keeps Python's reading of its values
 * (`2.0` stays a float: toPyJson), and read back once per process per distinct text.
 */
const byText = new Map<string, Reference | null>();
const MAX_TEXTS = 2000;

/** The stored reference, or null for none (or one that no longer reads, which the import would have refused). */
export function referenceFromStored(text: string | null | undefined): Reference | null {
  if (!text) return null;
  let reference = byText.get(text);
  if (reference === undefined) {
    // Stored text was checked against the format at import.
    const py = parsePyJson(text);
    reference = py.ok && py.value instanceof PyDict ? referenceOf(py.value) : null;
    if (byText.size >= MAX_TEXTS) byText.clear();
    byText.set(text, reference);
  }
  return reference;
}

/** Forgets the references read so far (benchmarks measure the reading too). */
export function clearStoredReferences(): void {
  byText.clear();
}
