import { importItem } from "./import-item";
import type { ImportOutcome } from "./import-types";
import type { ImportLimits } from "./limits";
import { TraceCollector } from "./otlp/trace-collector";
import { type Chunk, readItems } from "./read-items";

/**
 * Every item of one file, read from its chunks and imported, in order, with the bytes read so far.
 * Items that hold trace spans (OTLP JSON, Phoenix span exports) are collected instead, and their
 * traces come out as transcripts once the file has ended, since a trace may span many lines.
 */
export async function* readTranscripts(
  chunks: AsyncIterable<Chunk> | Iterable<Chunk>,
  fileName: string,
  limits?: Partial<ImportLimits>,
): AsyncGenerator<{ outcome: ImportOutcome; bytesRead: number; line?: number; index?: number }> {
  const traces = new TraceCollector(fileName);
  let bytesRead = 0;
  for await (const item of readItems(chunks, fileName, limits)) {
    bytesRead = item.bytesRead;
    if (!item.ok) {
      yield { outcome: { ok: false, error: item.error }, bytesRead: item.bytesRead, line: item.line, index: item.index };
      continue;
    }
    // JSON Lines are located by line, array elements by index (their line is kept as well).
    const location = item.index === undefined ? { line: item.line } : { index: item.index, line: item.line };
    if (TraceCollector.accepts(item.value)) {
      for (const error of traces.add(item.value, location)) yield { outcome: { ok: false, error }, bytesRead, ...location };
      continue;
    }
    const outcome = importItem(item.value, { file: fileName, ...location, ordinal: item.ordinal, limits, depthChecked: true, text: item.text });
    yield { outcome, bytesRead: item.bytesRead, ...location };
  }
  if (traces.size > 0) for (const { outcome, ...location } of traces.finish()) yield { outcome, bytesRead, ...location };
}
