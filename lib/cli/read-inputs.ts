import { createReadStream, statSync } from "node:fs";
import type { EvaluationItem } from "@/lib/evaluate/types";
import type { ImportError } from "@/lib/transcripts/import-types";
import { importFile } from "@/lib/transcripts/import-upload";
import { describeReadError } from "./load-criteria";

/** Every input file that cannot be opened, as `file: reason`; checked before any work starts. */
export function missingFiles(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    try {
      return statSync(file).isFile() ? [] : [`${file}: is not a regular file`];
    } catch (error) {
      return [`${file}: ${describeReadError(error)}`];
    }
  });
}

/**
 * The transcripts of the files, streamed item by item through the importer, so that a large
 * file is never held whole. Items the importer rejects go to `onRejected` (with file, line or
 * index, JSON path and a sentence) and the items after them are still read.
 */
export async function* readInputs(files: readonly string[], onRejected: (error: ImportError) => void): AsyncGenerator<EvaluationItem> {
  for (const file of files) {
    for await (const { outcome } of importFile(createReadStream(file), file)) {
      if (!outcome.ok) {
        onRejected(outcome.error);
        continue;
      }
      yield { name: outcome.name, transcript: outcome.transcript, sites: outcome.sites, source: outcome.source };
    }
  }
}
