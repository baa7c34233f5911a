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
  return { ok: true, reference: referenceOf(py instanceof PyDict ? py : (fromJs(raw) as PyDict)) };
}

/**
 * A reference from values already checked against the format (at import; what is stored): no
 * second validation, which would cost more than matching the transcript's calls.
 */
export function referenceOf(source: PyDict): Reference {
  const options = source.entries.get("match");
  const match = options instanceof PyDict ? options.entries : new Map<string, PyValue>();
  const text = (key: string) => {
    const value = match.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const overrides = match.get("overrides");
  return {
    steps: listAt(source, "steps").map((step) => {
      const entries = step instanceof PyDict ? step : new PyDict(new Map());
      return {
        anyOrder: entries.entries.get("order") === "any",
        calls: listAt(entries, "calls").map((raw): ReferenceCall => {
          const call = raw instanceof PyDict ? raw : new PyDict(new Map());
          const has = (key: string) => call.entries.has(key) && call.entries.get(key) !== null;
          return {
            name: String(call.entries.get("name") ?? ""),
            args: has("args") ? entriesAt(call, "args") : has("allowed") ? null : new Map(),
            allowed: has("allowed") ? new Map([...entriesAt(call, "allowed")].map(([key, values]) => [key, Array.isArray(values) ? values : []])) : null,
            optional: call.entries.get("optional") === true,
            compare: has("compare") ? strings(call.entries.get("compare") ?? null) : null,
            ignore: strings(call.entries.get("ignore") ?? null),
            types: Object.fromEntries([...entriesAt(call, "types")].filter((entry): entry is [string, string] => typeof entry[1] === "string")),
          };
        }),
      };
    }),
    match: {
      preset: text("preset") === "bfcl" ? "bfcl" : null,
      language: (text("language") as Reference["match"]["language"] | undefined) ?? "python",
      trajectory: (text("trajectory") as Reference["match"]["trajectory"] | undefined) ?? "strict",
      args: (text("args") as Reference["match"]["args"] | undefined) ?? "exact",
      strings: (text("strings") as Reference["match"]["strings"] | undefined) ?? "exact",
      numbers: (text("numbers") as Reference["match"]["numbers"] | undefined) ?? "typed",
      freeTools: new Set(strings(match.get("free_tools") ?? null)),
      overrides: overrides instanceof PyDict ? Object.fromEntries([...overrides.entries].map(([tool, value]) => [tool, overrideOf(value)])) : {},
    },
  };
}

function overrideOf(value: PyValue): { compare?: readonly string[]; ignore?: readonly string[] } {
  if (!(value instanceof PyDict)) return {};
  const compare = value.entries.get("compare");
  const ignore = value.entries.get("ignore");
  return { ...(compare !== undefined && compare !== null ? { compare: strings(compare) } : {}), ...(ignore !== undefined && ignore !== null ? { ignore: strings(ignore) } : {}) };
}

function strings(value: PyValue): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
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
