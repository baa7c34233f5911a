import { formatZodIssues, type FormattedIssue } from "@/lib/transcripts/zod-errors";
import { fromJs, PyDict, type PyValue } from "./py-value";
import { referenceSchema } from "./schema";
import type { Reference, ReferenceCall } from "./types";

export type ReadReference = { ok: true; reference: Reference } | { ok: false; issues: FormattedIssue[] };

/**
 * A transcript's `reference`, checked against the format, with its values read as Python reads
 * them. `py` is the same reference parsed from its source text by parsePyJson, when the caller
 * has it: only that keeps `5.0` a float. Issue paths start at `base` ("reference").
 */
export function readReference(raw: unknown, py: PyValue | undefined, base = "reference"): ReadReference {
  const parsed = referenceSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, issues: formatZodIssues(parsed.error.issues, raw).map((issue) => ({ path: joinPath(base, issue.path), message: issue.path ? joinPath(base, issue.message) : `${base}: ${issue.message}` })) };
  }
  const source = py instanceof PyDict ? py : (fromJs(raw) as PyDict);
  const steps = listAt(source, "steps");
  const options = parsed.data.match ?? {};
  return {
    ok: true,
    reference: {
      steps: parsed.data.steps.map((step, stepIndex) => ({
        anyOrder: step.order === "any",
        calls: step.calls.map((call, callIndex): ReferenceCall => {
          const pyCall = listAt(steps[stepIndex] as PyDict, "calls")[callIndex] as PyDict;
          return {
            name: call.name,
            args: call.args ? entriesAt(pyCall, "args") : call.allowed ? null : new Map(),
            allowed: call.allowed ? new Map([...entriesAt(pyCall, "allowed")].map(([key, values]) => [key, values as PyValue[]])) : null,
            optional: call.optional ?? false,
            compare: call.compare ?? null,
            ignore: call.ignore ?? [],
            types: call.types ?? {},
          };
        }),
      })),
      match: {
        preset: options.preset ?? null,
        language: options.language ?? "python",
        trajectory: options.trajectory ?? "strict",
        args: options.args ?? "exact",
        strings: options.strings ?? "exact",
        numbers: options.numbers ?? "typed",
        freeTools: new Set(options.free_tools ?? []),
        overrides: options.overrides ?? {},
      },
    },
  };
}

function joinPath(base: string, path: string): string {
  if (!path) return base;
  return path.startsWith("[") ? `${base}${path}` : `${base}.${path}`;
}

function listAt(dict: PyDict, key: string): PyValue[] {
  const value = dict.entries.get(key);
  return Array.isArray(value) ? value : [];
}

function entriesAt(dict: PyDict, key: string): Map<string, PyValue> {
  const value = dict.entries.get(key);
  return value instanceof PyDict ? new Map(value.entries) : new Map();
}
