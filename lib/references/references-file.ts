import { z } from "zod";
import { formatZodIssues } from "@/lib/transcripts/zod-errors";
import { parsePyJson } from "./py-json";
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

export interface ReferenceLineError {
  file: string;
  line: number;
  /** JSON path in the line, "" for the line as a whole. */
  path: string;
  message: string;
}

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
  const errors: ReferenceLineError[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const py = parsePyJson(raw);
    if (!py.ok) {
      errors.push({ file, line, path: "", message: `invalid JSON at column ${py.offset + 1}: ${py.message}` });
      return;
    }
    const value: unknown = JSON.parse(raw);
    const parsed = envelope.safeParse(value);
    if (!parsed.success) {
      for (const issue of formatZodIssues(parsed.error.issues, value)) errors.push({ file, line, path: issue.path, message: issue.message });
      return;
    }
    if (parsed.data.reference === undefined) {
      errors.push({ file, line, path: "reference", message: "reference: is missing (expected an object with the expected calls in `steps`)" });
      return;
    }
    const pyReference = py.value instanceof PyDict ? py.value.entries.get("reference") : undefined;
    const read = readReference(parsed.data.reference, pyReference);
    if (!read.ok) {
      for (const issue of read.issues) errors.push({ file, line, path: issue.path, message: issue.message });
      return;
    }
    const { task_id: taskId, name, transcript_id: transcriptId } = parsed.data;
    const target: ReferenceTarget =
      taskId !== undefined ? { kind: "task_id", value: String(taskId) } : name !== undefined ? { kind: "name", value: name } : { kind: "transcript_id", value: transcriptId ?? "" };
    entries.push({ line, target, text: toPyJson(pyReference ?? null) });
  });
  return { entries, errors };
}
