import { createReadStream, statSync } from "node:fs";
import type { EvaluationItem } from "@/lib/judging/engine/types";
import type { ImportError } from "@/lib/transcripts/import-types";
import { readTranscripts } from "@/lib/transcripts/read-transcripts";
import { describeReadError } from "./load-criteria";

/** An input file: where to read it, and the name it is reported under (as the user typed it). */
export interface InputFile {
  path: string;
  name: string;
}

/** Every input file that cannot be opened, as `file: reason`; checked before any work starts. */
export function missingFiles(files: readonly InputFile[]): string[] {
  return files.flatMap((file) => {
    try {
      return statSync(file.path).isFile() ? [] : [`${file.name}: is not a regular file`];
    } catch (error) {
      return [`${file.name}: ${describeReadError(error)}`];
    }
  });
}

/**
 * The transcripts of the files, streamed item by item through the importer, so that a large
 * file is never held whole. Items the importer rejects go to `onRejected` (with file, line or
 * index, JSON path and a sentence) and the items after them are still read.
 */
export async function* readInputs(files: readonly InputFile[], onRejected: (error: ImportError) => void): AsyncGenerator<EvaluationItem> {
  for (const file of files) {
    for await (const { outcome } of readTranscripts(createReadStream(file.path), file.name)) {
      if (!outcome.ok) {
        onRejected(outcome.error);
        continue;
      }
      yield { name: outcome.name, transcript: outcome.transcript, sites: outcome.sites, source: outcome.source };
    }
  }
}
