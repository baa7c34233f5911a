/**
 * Expected calls (issue 34's `reference` format) from a tau2 task's ground-truth actions, and the
 * two per-call rules the tau2 reference set is measured against (see README.md, "The reference").
 *
 * tau2's rule (data_model/tasks.py, Action.compare_with_tool_call; the same code at every commit
 * the runs used):
 *
 *     if self.name != tool_call.name: return False
 *     compare_args = tool_call.arguments.keys() if self.compare_args is None else self.compare_args
 *     if len(compare_args) == 0: return True
 *     tool_args = {k: v for k, v in tool_call.arguments.items() if k in compare_args}
 *     action_args = {k: v for k, v in self.arguments.items() if k in compare_args}
 *     return tool_args == action_args
 *
 * With compare_args None the compared keys are the CALL's: every argument of the call must be an
 * argument of the action with an equal value, and the action's other arguments are ignored (the
 * call's arguments are a subset of the action's: agentevals' "subset", top-level keys only, values
 * by Python ==, so nested objects and lists must be equal whole). A call without arguments matches
 * any action of its name. With compare_args set, both sides are cut to those keys and the two dicts
 * must be equal: a listed key present on one side only fails, absent on both passes; [] matches any
 * call of the name.
 */
import { z } from "zod";
import type { PyObject } from "./fork-eval";
import { isPyObject, pyEqual, PyFloat, type PyValue } from "./pyjson";

export interface ReferenceCall {
  name: string;
  args: PyObject;
  /** tau2's compare_args when set: only these arguments are checked, each must be equal or absent on both sides. */
  compare?: string[];
  /** A ground-truth call of a free tool (a read): never judged, may be absent. */
  optional?: true;
}

export interface ReferenceStep {
  calls: ReferenceCall[];
}

export interface ReferenceMatch {
  preset: null;
  trajectory: "unordered";
  args: "subset";
  strings: "exact";
  numbers: "value";
  free_tools: string[];
}

export interface Reference {
  steps: ReferenceStep[];
  match: ReferenceMatch;
}

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

/**
 * The reference of a task: one step per ground-truth action of the agent (requestor "assistant",
 * tau2's default), in the task's order, each with the action's arguments and its compare_args.
 * Actions of free tools (the domain's tools that are not ToolType.WRITE) are optional. The user's
 * actions (telecom: the customer acting on their phone) are left out and counted.
 */
export function referenceFromActions(actions: PyObject[], freeTools: readonly string[]): { reference: Reference; actionIds: (string | null)[]; userActions: number } {
  const free = new Set(freeTools);
  const steps: ReferenceStep[] = [];
  const actionIds: (string | null)[] = [];
  let userActions = 0;
  for (const action of actions) {
    if ((action.requestor ?? "assistant") !== "assistant") {
      userActions++;
      continue;
    }
    if (typeof action.name !== "string") throw new Error(`ground-truth action ${JSON.stringify(action.action_id ?? null)} has no name`);
    const call: ReferenceCall = { name: action.name, args: asObject(action.arguments) };
    if (action.compare_args !== null && action.compare_args !== undefined) {
      if (!Array.isArray(action.compare_args) || !action.compare_args.every((key) => typeof key === "string")) throw new Error(`ground-truth action ${JSON.stringify(action.action_id ?? null)}: compare_args is not a list of names`);
      call.compare = action.compare_args;
    }
    if (free.has(action.name)) call.optional = true;
    steps.push({ calls: [call] });
    actionIds.push(typeof action.action_id === "string" ? action.action_id : null);
  }
  const match: ReferenceMatch = { preset: null, trajectory: "unordered", args: "subset", strings: "exact", numbers: "value", free_tools: [...freeTools] };
  return { reference: { steps, match }, actionIds, userActions };
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
