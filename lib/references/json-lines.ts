import type { z } from "zod";
import { formatZodIssues } from "@/lib/transcripts/zod-errors";
import { parsePyJson } from "./py-json";
import type { PyValue } from "./py-value";

/** A problem with one line of an input file: where it is and what is wrong, for a person to fix. */
export interface LineError {
  file: string;
  line: number;
  /** JSON path in the line, "" for the line as a whole. */
  path: string;
  message: string;
}

export interface JsonLine {
  line: number;
  /** The line as JSON.parse reads it, for schemas and paths. */
  value: unknown;
  /** The same as Python's `json.loads` reads it: `2.0` stays a float (py-json.ts). */
  py: PyValue;
}

/** The lines of a JSON Lines text, blank lines skipped; a line that is not JSON is an error naming its column. */
export function readJsonLines(text: string, file: string): { lines: JsonLine[]; errors: LineError[] } {
  const lines: JsonLine[] = [];
  const errors: LineError[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const py = parsePyJson(raw);
    if (!py.ok) {
      errors.push({ file, line, path: "", message: `invalid JSON at column ${py.offset + 1}: ${py.message}` });
      return;
    }
    lines.push({ line, value: JSON.parse(raw), py: py.value });
  });
  return { lines, errors };
}

/** A line checked against its schema, or its problems as line errors with their JSON paths. */
export function parseLine<Schema extends z.ZodType>(schema: Schema, entry: JsonLine, file: string, errors: LineError[]): z.output<Schema> | null {
  const parsed = schema.safeParse(entry.value);
  if (parsed.success) return parsed.data;
  for (const issue of formatZodIssues(parsed.error.issues, entry.value)) errors.push({ file, line: entry.line, path: issue.path, message: issue.message });
  return null;
}
