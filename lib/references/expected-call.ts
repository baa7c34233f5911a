import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import { valuesEqual } from "./arguments";
import { callsToMatch } from "./calls-to-match";
import { matchReference } from "./match";
import { parsePyJson } from "./py-json";
import { PyDict, pyIn, pyRepr, type PyValue } from "./py-value";
import { referenceFromStored } from "./stored";
import type { CallVerdict, Reference, ReferenceCall, TranscriptVerdict } from "./types";

/** One argument row of the expected-versus-actual view: absent on a side is null. */
export interface ArgumentRow {
  name: string;
  expected: string | null;
  actual: string | null;
  differs: boolean;
}

export interface ExpectedCallView {
  verdict: CallVerdict;
  /** The expected call the verdict compared with (step and call 1-based), or null when there is none. */
  expected: { step: number; call: number; name: string } | null;
  actualName: string;
  rows: ArgumentRow[];
}

export interface ReferenceSummary {
  transcript: TranscriptVerdict;
  /** Each step's expected calls with the ordinal of the call that performed it. */
  steps: { anyOrder: boolean; calls: { name: string; optional: boolean; expected: string; performedBy: number | null }[] }[];
  byOrdinal: Map<number, CallVerdict>;
}

/** Whether a tool's answer is an error: the judging side knows how to read one. */
export type FailedResponse = (content: string) => boolean;

function matchOf(messages: readonly CanonicalMessage[], tools: readonly CanonicalTool[], reference: Reference, failed: FailedResponse) {
  return matchReference(callsToMatch(messages, failed), tools.map((tool) => ({ name: tool.function.name, parameters: tool.function.parameters })), reference);
}

const describeExpected = (call: ReferenceCall): string =>
  call.allowed
    ? [...call.allowed].map(([key, values]) => `${key}=${values.map((value) => (value === "" ? "(may be left out)" : pyRepr(value))).join(" | ")}`).join(", ")
    : [...(call.args ?? [])].map(([key, value]) => `${key}=${pyRepr(value)}`).join(", ");

/** The transcript against its stored reference, for the transcript page; null without one. */
export function referenceSummary(messages: readonly CanonicalMessage[], tools: readonly CanonicalTool[], referenceText: string | null, failed: FailedResponse): ReferenceSummary | null {
  const reference = referenceFromStored(referenceText);
  if (!reference) return null;
  const match = matchOf(messages, tools, reference, failed);
  return {
    transcript: match.transcript,
    steps: reference.steps.map((step, stepIndex) => ({
      anyOrder: step.anyOrder,
      calls: step.calls.map((call, callIndex) => ({ name: call.name, optional: call.optional, expected: describeExpected(call), performedBy: match.transcript.performedBy[stepIndex]?.[callIndex] ?? null })),
    })),
    byOrdinal: match.calls,
  };
}

/** The call beside the expected call it was compared with, argument by argument; null without a reference. */
export function expectedCallView(messages: readonly CanonicalMessage[], tools: readonly CanonicalTool[], referenceText: string | null, ordinal: number, failed: FailedResponse): ExpectedCallView | null {
  const reference = referenceFromStored(referenceText);
  if (!reference) return null;
  const match = matchOf(messages, tools, reference, failed);
  const verdict = match.calls.get(ordinal);
  if (!verdict) return null;
  const site = messages.flatMap((message) => (message.role === "assistant" ? (message.tool_calls ?? []) : []))[ordinal - 1];
  const decoded = site ? parsePyJson(site.function.arguments.trim() === "" ? "{}" : site.function.arguments) : null;
  const actual = decoded?.ok && decoded.value instanceof PyDict ? decoded.value.entries : new Map<string, PyValue>();
  const place = verdict.status === "not-applicable" ? null : verdict.step === null || verdict.call === null ? null : { step: verdict.step, call: verdict.call };
  const expectedCall = place ? reference.steps[place.step]?.calls[place.call] : undefined;
  return {
    verdict,
    expected: place && expectedCall ? { step: place.step + 1, call: place.call + 1, name: expectedCall.name } : null,
    actualName: site?.function.name ?? "",
    rows: expectedCall ? rowsOf(expectedCall, actual, reference) : [...actual].map(([name, value]) => ({ name, expected: null, actual: pyRepr(value), differs: false })),
  };
}

function rowsOf(expected: ReferenceCall, actual: ReadonlyMap<string, PyValue>, reference: Reference): ArgumentRow[] {
  // For display: under the bfcl preset the verdict is BFCL's own; rows compare as its strings and numbers mostly do.
  const options = reference.match.preset === "bfcl" ? ({ strings: "bfcl", numbers: "value" } as const) : reference.match;
  const mode = reference.match.preset === "bfcl" ? "exact" : reference.match.args;
  const names = [...new Set([...(expected.allowed?.keys() ?? expected.args?.keys() ?? []), ...actual.keys()])];
  const ignored = new Set([...expected.ignore, ...(reference.match.overrides[expected.name]?.ignore ?? [])].filter((path) => !path.includes(".")));
  const compared = expected.compare ?? reference.match.overrides[expected.name]?.compare ?? null;
  return names.map((name): ArgumentRow => {
    const given = actual.get(name);
    const actualText = given === undefined ? null : pyRepr(given);
    const skipped = ignored.has(name) || (compared !== null && !compared.some((path) => path === name || path.startsWith(`${name}.`)));
    if (expected.allowed) {
      const values = expected.allowed.get(name);
      const expectedText = values ? values.map((value) => (value === "" ? "(may be left out)" : pyRepr(value))).join(" | ") : null;
      const differs = !skipped && mode !== "ignore" && (values === undefined ? given !== undefined : given === undefined ? !values.includes("") : !(pyIn(given, values) || values.some((value) => valuesEqual(value, given, options))));
      return { name, expected: expectedText, actual: actualText, differs };
    }
    const want = expected.args?.get(name);
    const expectedText = want === undefined ? null : pyRepr(want);
    const onlyOneSide = want === undefined ? given !== undefined && mode !== "superset" : given === undefined && mode !== "subset";
    const differs = !skipped && mode !== "ignore" && (want === undefined || given === undefined ? onlyOneSide : !valuesEqual(want, given, options));
    return { name, expected: expectedText, actual: actualText, differs };
  });
}
