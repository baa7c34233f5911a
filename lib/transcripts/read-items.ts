import { ItemSplitter, type ReadItem } from "./item-splitter";
import { type ImportLimits, resolveLimits } from "./limits";

export type { ReadItem } from "./item-splitter";

export type Chunk = Uint8Array | string;

const JSON_LINES_NAME = /\.(jsonl|ndjson|jsonlines)$/i;

/**
 * Reads the items of one file from its chunks (a request body, a file stream, a string),
 * keeping in memory only the item being read. Bad items come out as errors in their place;
 * the items after them are still read.
 */
export async function* readItems(
  chunks: AsyncIterable<Chunk> | Iterable<Chunk>,
  fileName: string,
  limits?: Partial<ImportLimits>,
): AsyncGenerator<ReadItem> {
  const splitter = new ItemSplitter(fileName, resolveLimits(limits), JSON_LINES_NAME.test(fileName));
  const encoder = new TextEncoder();
  for await (const chunk of chunks) {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    if (bytes.length > 0) yield* splitter.push(bytes);
    // Leaving the loop cancels the source, so the rest of a file that cannot be read is not fetched.
    if (splitter.stopped) return;
  }
  yield* splitter.end();
}

/** The same, for a whole text or byte array already in memory (small uploads, tests). */
export function readItemsFromText(text: Chunk, fileName: string, limits?: Partial<ImportLimits>): ReadItem[] {
  const splitter = new ItemSplitter(fileName, resolveLimits(limits), JSON_LINES_NAME.test(fileName));
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return [...splitter.push(bytes), ...splitter.end()];
}
