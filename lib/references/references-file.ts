import { z } from "zod";
import { parseLine, readJsonLines, type LineError } from "./json-lines";
import { PyDict, toPyJson } from "./py-value";
import { readReference } from "./read-reference";

/**
 * A references file: golden sets often live apart from their transcripts. JSON Lines, each line
 * `{"task_id" | "name" | "transcript_id": …, "reference": {…}}`, attaching the reference to every
 * stored transcript of that task (so all trials of a task share it), of that name, or with that id.
 */

export type ReferenceTarget = { kind: "task_id" | "name" | "transcript_id"; value: string };

export interface ReferenceEntry {
  line: number;
  target: ReferenceTarget;
  /** The reference as stored (stored.ts). */
  text: string;
}

export type ReferenceLineError = LineError;

const envelope = z
  .strictObject({
    task_id: z.union([z.string().min(1), z.number()]).optional(),
    name: z.string().min(1).optional(),
    transcript_id: z.string().min(1).optional(),
    reference: z.unknown(),
  })
  .refine((line) => [line.task_id, line.name, line.transcript_id].filter((key) => key !== undefined).length === 1, {
    error: 'give exactly one of "task_id", "name" or "transcript_id": which stored transcripts the reference belongs to',
  });

export function readReferencesFile(text: string, file: string): { entries: ReferenceEntry[]; errors: ReferenceLineError[] } {
  const entries: ReferenceEntry[] = [];
  const { lines, errors } = readJsonLines(text, file);
  for (const entry of lines) {
    const { line } = entry;
    const parsed = parseLine(envelope, entry, file, errors);
    if (!parsed) continue;
    if (parsed.reference === undefined) {
      errors.push({ file, line, path: "reference", message: "reference: is missing (expected an object with the expected calls in `steps`)" });
      continue;
    }
    const pyReference = entry.py instanceof PyDict ? entry.py.entries.get("reference") : undefined;
    const read = readReference(parsed.reference, pyReference);
    if (!read.ok) {
      for (const issue of read.issues) errors.push({ file, line, path: issue.path, message: issue.message });
      continue;
    }
    const { task_id: taskId, name, transcript_id: transcriptId } = parsed;
    const target: ReferenceTarget =
      taskId !== undefined ? { kind: "task_id", value: String(taskId) } : name !== undefined ? { kind: "name", value: name } : { kind: "transcript_id", value: transcriptId ?? "" };
    entries.push({ line, target, text: toPyJson(pyReference ?? null) });
  }
  // Syntax errors are found before schema errors: report them all in line order.
  return { entries, errors: errors.sort((a, b) => a.line - b.line) };
}
