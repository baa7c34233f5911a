import { importItem } from "./import-item";
import type { ImportOutcome } from "./import-types";
import type { ImportLimits } from "./limits";
import { type Chunk, readItems } from "./read-items";

/** Every item of one file, read from its chunks and imported, in order, with the bytes read so far. */
export async function* readTranscripts(
  chunks: AsyncIterable<Chunk> | Iterable<Chunk>,
  fileName: string,
  limits?: Partial<ImportLimits>,
): AsyncGenerator<{ outcome: ImportOutcome; bytesRead: number; line?: number; index?: number }> {
  for await (const item of readItems(chunks, fileName, limits)) {
    if (!item.ok) {
      yield { outcome: { ok: false, error: item.error }, bytesRead: item.bytesRead, line: item.line, index: item.index };
      continue;
    }
    // JSON Lines are located by line, array elements by index (their line is kept as well).
    const location = item.index === undefined ? { line: item.line } : { index: item.index, line: item.line };
    const outcome = importItem(item.value, { file: fileName, ...location, ordinal: item.ordinal, limits, depthChecked: true });
    yield { outcome, bytesRead: item.bytesRead, ...location };
  }
}
