/**
 * The tau2 reference set's two per-call rules (see README.md, "The reference"). The reference of a
 * task is written by the product's converter (lib/references/convert/tau2.ts, referenceFromActions,
 * which quotes tau2's Action.compare_with_tool_call); this file reproduces tau2's own comparison to
 * check that mapping, and the issue's per-call rule to measure it against tau2's labels.
 */
import { z } from "zod";
import { referenceFromActions as mapActions, type Tau2Reference, type Tau2ReferenceCall } from "@/lib/references/convert/tau2";
import type { PyObject } from "./fork-eval";
import { isPyObject, pyEqual, PyFloat, type PyValue } from "./pyjson";

export type ReferenceCall = Tau2ReferenceCall<PyObject>;
export type Reference = Tau2Reference<PyObject>;

/**
 * What the builder writes, as the format allows it (unknown keys rejected): read back from
 * the written file to check it.
 */
export const writtenReferenceSchema = z.strictObject({
  steps: z
    .array(
      z.strictObject({
        calls: z.array(z.strictObject({ name: z.string().min(1), args: z.record(z.string(), z.unknown()), compare: z.array(z.string()).optional(), optional: z.literal(true).optional() })).min(1, "a step without calls"),
      }),
    ),
  match: z.strictObject({
    preset: z.null(),
    trajectory: z.literal("unordered"),
    args: z.literal("subset"),
    strings: z.literal("exact"),
    numbers: z.literal("value"),
    free_tools: z.array(z.string().min(1)),
  }),
});

/** Equality of two argument values. */
export type Equality = (a: PyValue, b: PyValue) => boolean;

const hasKey = (object: PyObject, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const asObject = (value: PyValue | undefined): PyObject => (isPyObject(value) ? value : {});
const pick = (object: PyObject, keys: ReadonlySet<string>): PyObject => Object.fromEntries(Object.entries(object).filter(([key]) => keys.has(key)));

/** Equality of two objects: the same keys, each value equal. */
function objectsEqual(a: PyObject, b: PyObject, equal: Equality): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => hasKey(b, key) && equal(a[key], b[key]));
}

/**
 * tau2's Action.compare_with_tool_call (above), with `equal` for Python's == (pyEqual); another
 * equality tells where Python's semantics decide a verdict.
 */
export function compareWithToolCall(action: PyObject, name: string, args: PyValue, equal: Equality = pyEqual): boolean {
  if (action.name !== name) return false;
  const callArgs = asObject(args);
  const compareArgs = Array.isArray(action.compare_args) ? new Set(action.compare_args.map(String)) : new Set(Object.keys(callArgs));
  if (compareArgs.size === 0) return true;
  return objectsEqual(pick(callArgs, compareArgs), pick(asObject(action.arguments), compareArgs), equal);
}

/**
 * The format's equality of JSON values with `strings: "exact"`: a boolean equals only a boolean
 * (unlike Python, where True == 1 == 1.0); `numbers: "value"` compares numbers by value (1 == 1.0),
 * `"typed"` also needs both to be ints or both floats. Lists in order, objects by key set.
 */
export function formatEqual(numbers: "value" | "typed"): Equality {
  const equal: Equality = (a, b) => {
    const aNumber = a instanceof PyFloat || typeof a === "number";
    const bNumber = b instanceof PyFloat || typeof b === "number";
    if (aNumber || bNumber) {
      if (!aNumber || !bNumber) return false;
      if (numbers === "typed" && a instanceof PyFloat !== b instanceof PyFloat) return false;
      return (a instanceof PyFloat ? a.value : a) === (b instanceof PyFloat ? b.value : b);
    }
    if (typeof a === "boolean" || typeof b === "boolean" || a === null || b === null || typeof a === "string" || typeof b === "string") return a === b;
    if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => equal(item, b[index]));
    return isPyObject(a) && isPyObject(b) && objectsEqual(a, b, equal);
  };
  return equal;
}

/**
 * Whether an actual call matches a reference call, as the format reads with `args: "subset"`:
 * with `compare`, both sides cut to those arguments must be equal (a listed argument present on
 * one side only fails); without, every argument of the call must be a reference argument with an
 * equal value (top-level keys; values compared whole).
 */
export function referenceCallMatches(reference: ReferenceCall, name: string, args: PyValue, equal: Equality): boolean {
  if (reference.name !== name) return false;
  const actual = asObject(args);
  if (reference.compare) {
    const keys = new Set(reference.compare);
    return objectsEqual(pick(actual, keys), pick(reference.args, keys), equal);
  }
  return Object.entries(actual).every(([key, value]) => hasKey(reference.args, key) && equal(reference.args[key], value));
}

/** The product's mapping (lib/references/convert/tau2.ts), on bench/tau2's values: arguments that are not an object read as none. */
export function referenceFromActions(actions: PyObject[], freeTools: readonly string[]): ReturnType<typeof mapActions<PyObject>> {
  return mapActions(
    actions.map((action) => ({ ...action, arguments: asObject(action.arguments) })),
    freeTools,
  );
}

export interface TranscriptCall {
  name: string;
  args: PyValue;
  /** The tool response was an error (null: no response). */
  error: boolean | null;
}

export interface RuleVerdict {
  verdict: "pass" | "fail" | "free";
  /** Index (over all reference calls, steps flattened) of the reference call the call matched. */
  matched: number | null;
  /** The call performed `matched` (it matched and its response was not an error). */
  performs: boolean;
  /** Reference calls not yet performed that the call matched (more than one: the first is taken). */
  candidates: number;
  /** A failed call that matches reference calls already performed: the first of them. */
  repeatOf: number | null;
}

/**
 * The per-call verdicts, calls in transcript order: a call of a free tool is not judged;
 * another passes when it matches a reference call not yet performed (the first such), and performs
 * it unless its response is an error; any other call fails.
 */
export function ruleVerdicts(calls: readonly TranscriptCall[], reference: Reference, equal: Equality): RuleVerdict[] {
  const referenceCalls = reference.steps.flatMap((step) => step.calls);
  const free = new Set(reference.match.free_tools);
  const performed = referenceCalls.map(() => false);
  return calls.map((call) => {
    if (free.has(call.name)) return { verdict: "free", matched: null, performs: false, candidates: 0, repeatOf: null };
    const matching = referenceCalls.flatMap((candidate, index) => (referenceCallMatches(candidate, call.name, call.args, equal) ? [index] : []));
    const open = matching.filter((index) => !performed[index]);
    if (!open.length) return { verdict: "fail", matched: null, performs: false, candidates: 0, repeatOf: matching.length ? matching[0] : null };
    const performs = call.error !== true;
    if (performs) performed[open[0]] = true;
    return { verdict: "pass", matched: open[0], performs, candidates: open.length, repeatOf: null };
  });
}
