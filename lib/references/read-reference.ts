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
  const overrides = match.get("overrides");
  return {
    steps: listAt(source, "steps").map((step) => {
      const entries = step instanceof PyDict ? step : new PyDict(new Map());
      return {
        anyOrder: entries.entries.get("order") === "any",
        calls: listAt(entries, "calls").map((raw): ReferenceCall => {
          const call = raw instanceof PyDict ? raw : new PyDict(new Map());
          return {
            name: String(call.entries.get("name") ?? ""),
            args: isGiven(call, "args") ? entriesAt(call, "args") : isGiven(call, "allowed") ? null : new Map(),
            allowed: isGiven(call, "allowed") ? allowedAt(call) : null,
            optional: call.entries.get("optional") === true,
            compare: isGiven(call, "compare") ? strings(call.entries.get("compare") ?? null) : null,
            ignore: strings(call.entries.get("ignore") ?? null),
            types: typesAt(call),
          };
        }),
      };
    }),
    match: {
      preset: textAt(match, "preset") === "bfcl" ? "bfcl" : null,
      language: (textAt(match, "language") as Reference["match"]["language"] | undefined) ?? "python",
      trajectory: (textAt(match, "trajectory") as Reference["match"]["trajectory"] | undefined) ?? "strict",
      args: (textAt(match, "args") as Reference["match"]["args"] | undefined) ?? "exact",
      strings: (textAt(match, "strings") as Reference["match"]["strings"] | undefined) ?? "exact",
      numbers: (textAt(match, "numbers") as Reference["match"]["numbers"] | undefined) ?? "typed",
      freeTools: new Set(strings(match.get("free_tools") ?? null)),
      overrides: overrides instanceof PyDict ? Object.fromEntries([...overrides.entries].map(([tool, value]) => [tool, overrideOf(value)])) : {},
    },
  };
}

/** BFCL's possible answers: per argument, its list of values (anything else allows none). */
function allowedAt(call: PyDict): Map<string, PyValue[]> {
  const allowed = new Map<string, PyValue[]>();
  const given = call.entries.get("allowed");
  if (given instanceof PyDict) for (const [key, values] of given.entries) allowed.set(key, Array.isArray(values) ? values : []);
  return allowed;
}

/** Source types by parameter: the string ones. */
function typesAt(call: PyDict): Record<string, string> {
  const types: [string, string][] = [];
  const given = call.entries.get("types");
  if (given instanceof PyDict) for (const [key, type] of given.entries) if (typeof type === "string") types.push([key, type]);
  return Object.fromEntries(types);
}

function textAt(entries: ReadonlyMap<string, PyValue>, key: string): string | undefined {
  const value = entries.get(key);
  return typeof value === "string" ? value : undefined;
}

/** Present and not null. */
function isGiven(dict: PyDict, key: string): boolean {
  return dict.entries.has(key) && dict.entries.get(key) !== null;
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
