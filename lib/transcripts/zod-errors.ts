import type { core } from "zod";
import { formatPath, isMissing, valueAt } from "./json-path";

type Issue = core.$ZodIssue;

/**
 * Marks the catch-all branch of a union (e.g. "any other content block type"): when the
 * real branches fail, its own complaint ("this is a known type") is never the relevant one.
 */
export const FALLBACK_PARAM = "callboardFallback";

export interface FormattedIssue {
  /** JSON path in the original input, "" for the root. */
  path: string;
  /** `path: sentence`, or the sentence alone at the root. */
  message: string;
}

/** Turns zod issues into sentences that use the path and the actual value of the original input. */
export function formatZodIssues(issues: readonly Issue[], root: unknown): FormattedIssue[] {
  return issues.map((issue) => formatIssue(issue, [], root));
}

function formatIssue(issue: Issue, base: readonly PropertyKey[], root: unknown): FormattedIssue {
  const path = [...base, ...issue.path];
  if (issue.code === "invalid_union") return formatUnion(issue, path, root);
  if ((issue.code === "invalid_key" || issue.code === "invalid_element") && issue.issues.length > 0) {
    return formatIssue(issue.issues[0], path, root);
  }
  return sentence(path, describeIssue(issue, path, root));
}

function sentence(path: readonly PropertyKey[], text: string): FormattedIssue {
  const formatted = formatPath(path);
  return { path: formatted, message: formatted === "" ? capitalise(text) : `${formatted}: ${text}` };
}

function describeIssue(issue: Issue, path: readonly PropertyKey[], root: unknown): string {
  const value = valueAt(root, path);
  switch (issue.code) {
    case "invalid_type":
      return mismatch(expectationOf(issue), root, path);
    case "invalid_value":
      return mismatch(`expected ${listValues(issue.values)}`, root, path);
    case "too_small":
      return tooSmall(issue, value);
    case "too_big":
      return tooBig(issue, value);
    case "invalid_format":
      return `expected the ${issue.format} format, got ${describeValue(value)}`;
    case "unrecognized_keys":
      return `unexpected ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
    case "not_multiple_of":
      return `expected a multiple of ${issue.divisor}, got ${describeValue(value)}`;
    default:
      return issue.message.startsWith("Invalid input") ? "is not valid" : issue.message;
  }
}

/** `expected X, got Y`, or `is missing (expected X)` when the key is absent. */
function mismatch(expectation: string, root: unknown, path: readonly PropertyKey[]): string {
  if (isMissing(root, path)) return `is missing (${expectation})`;
  return `${expectation}, got ${describeValue(valueAt(root, path))}`;
}

/** Schemas may phrase their own expectation ("expected a JSON string"); zod's defaults start with "Invalid". */
function expectationOf(issue: core.$ZodIssueInvalidType): string {
  if (issue.message.startsWith("expected ")) return issue.message;
  return `expected ${typeName(issue.expected)}`;
}

function typeName(expected: string): string {
  switch (expected) {
    case "object":
    case "record":
      return "an object";
    case "array":
    case "tuple":
      return "an array";
    case "int":
      return "an integer";
    case "null":
      return "null";
    case "undefined":
    case "never":
      return "nothing";
    default:
      return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}

function listValues(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === "string" ? JSON.stringify(v) : String(v)));
  if (shown.length === 1) return shown[0];
  if (shown.length === 2) return `${shown[0]} or ${shown[1]}`;
  return `one of ${shown.join(", ")}`;
}

function tooSmall(issue: core.$ZodIssueTooSmall, value: unknown): string {
  const min = Number(issue.minimum);
  if (issue.origin === "array") {
    const got = Array.isArray(value) && value.length === 0 ? "an empty array" : `${Array.isArray(value) ? value.length : 0}`;
    return min === 1 ? `expected at least one item, got ${got}` : `expected at least ${min} items, got ${got}`;
  }
  if (issue.origin === "string") return min === 1 ? "expected a non-empty string" : `expected at least ${min} characters`;
  return `expected at least ${min}, got ${describeValue(value)}`;
}

function tooBig(issue: core.$ZodIssueTooBig, value: unknown): string {
  const max = Number(issue.maximum);
  if (issue.origin === "array") return `expected at most ${max} items, got ${Array.isArray(value) ? value.length : "more"}`;
  if (issue.origin === "string") return `expected at most ${max} characters`;
  return `expected at most ${max}, got ${describeValue(value)}`;
}

/** What a value is, for "got ...": `an object`, `an array`, `a number (42)`, `a string ("bot")`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return value.length === 0 ? "an empty array" : "an array";
  switch (typeof value) {
    case "string":
      return value === "" ? "an empty string" : `a string (${JSON.stringify(truncate(value, 40))})`;
    case "number":
      return `a number (${value})`;
    case "boolean":
      return `a boolean (${value})`;
    case "object":
      return "an object";
    default:
      return `a ${typeof value}`;
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---- unions: report the branch the input was most likely meant to be ----

interface Branch {
  issues: Issue[];
  fallback: boolean;
  /** The value has the wrong JS type for this branch (root invalid_type). */
  wrongType: boolean;
  /** The value is of another kind: wrong type, or a tag (`type`, `role`) that does not match. */
  otherKind: boolean;
  depth: number;
}

function formatUnion(issue: core.$ZodIssueInvalidUnion, path: readonly PropertyKey[], root: unknown): FormattedIssue {
  if (issue.errors.length === 0) {
    // A discriminated union whose tag matched nothing: zod puts the tag key in the path.
    if ("options" in issue && issue.options && issue.options.length > 0) {
      return sentence(path, mismatch(`expected ${listValues(issue.options)}`, root, path));
    }
    return sentence(path, "matches none of the accepted shapes");
  }
  const all = issue.errors.map(classify);
  const real = all.filter((b) => !b.fallback);
  const candidates = real.length > 0 ? real : all;

  const sameKind = candidates.filter((b) => !b.otherKind);
  if (sameKind.length > 0) return formatIssue(mostRelevant(sameKind).issues[0], path, root);

  const rightType = candidates.filter((b) => !b.wrongType);
  if (rightType.length > 0) {
    const tags = tagExpectations(rightType);
    // The tag the input does carry says what it was meant to be; with none, list every option.
    const present = tags.filter((t) => !isMissing(root, [...path, t.key]));
    if (present.length > 0 || tags.length === 1) {
      const tag = present[0] ?? tags[0];
      const tagPath = [...path, tag.key];
      return sentence(tagPath, mismatch(`expected ${listValues(tag.values)}`, root, tagPath));
    }
    if (tags.length > 1) {
      const options = tags.map((t) => `\`${String(t.key)}\` (${listValues(t.values).replace(/^one of /, "")})`);
      return sentence(path, `expected ${joinAlternatives(options)}, got ${describeValue(valueAt(root, path))} with neither`);
    }
    return formatIssue(mostRelevant(rightType).issues[0], path, root);
  }

  const expectations = unique(candidates.map((b) => rootExpectation(b)).filter((e): e is string => e !== null));
  return sentence(path, mismatch(`expected ${joinAlternatives(expectations)}`, root, path));
}

function classify(issues: Issue[]): Branch {
  const fallback = issues.every((i) => i.code === "custom" && i.params?.[FALLBACK_PARAM] === true);
  const wrongType = issues.some((i) => i.path.length === 0 && i.code === "invalid_type");
  const wrongTag = issues.some(
    (i) => i.path.length === 1 && (i.code === "invalid_value" || (i.code === "invalid_union" && i.errors.length === 0)),
  );
  const depth = Math.max(0, ...issues.map((i) => i.path.length));
  return { issues, fallback, wrongType, otherKind: wrongType || wrongTag, depth };
}

/** The branch that got furthest into the input, then the one with fewest complaints, then the first. */
function mostRelevant(branches: Branch[]): Branch {
  let best = branches[0];
  for (const b of branches.slice(1)) {
    if (b.depth > best.depth || (b.depth === best.depth && b.issues.length < best.issues.length)) best = b;
  }
  return best;
}

/** The tag values (`type`, `role`, ...) each branch would have accepted, grouped by tag key. */
function tagExpectations(branches: Branch[]): { key: PropertyKey; values: unknown[] }[] {
  const byKey = new Map<PropertyKey, unknown[]>();
  for (const b of branches) {
    for (const i of b.issues) {
      if (i.path.length !== 1) continue;
      let found: readonly unknown[] | undefined;
      if (i.code === "invalid_value") found = i.values;
      else if (i.code === "invalid_union" && i.errors.length === 0 && "options" in i) found = i.options;
      if (!found) continue;
      const key = i.path[0];
      byKey.set(key, [...(byKey.get(key) ?? []), ...found]);
    }
  }
  return [...byKey].map(([key, values]) => ({ key, values: unique(values) }));
}

function rootExpectation(branch: Branch): string | null {
  const issue = branch.issues.find((i) => i.path.length === 0 && i.code === "invalid_type");
  if (!issue || issue.code !== "invalid_type") return null;
  return expectationOf(issue).replace(/^expected /, "");
}

function joinAlternatives(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "something else";
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
