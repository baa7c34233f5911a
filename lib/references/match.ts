import { argumentsMismatch } from "./arguments";
import { matchBfcl } from "./bfcl/match-bfcl";
import { parsePyJson, type PyJsonResult } from "./py-json";
import { PyDict } from "./py-value";
import type { CallToMatch, CallVerdict, Reference, ReferenceCall, ReferenceMatch, ReferenceReason, ToolToMatch } from "./types";

export type { CallToMatch, ToolToMatch } from "./types";

/** How a call's raw arguments are read: parsePyJson, or a caller's cache of it (a transcript's calls are matched once per turn). */
export type Decode = (raw: string) => PyJsonResult;

/**
 * Every call of a transcript against its reference, and the transcript as a whole. A call passes
 * when it matches a reference call not yet performed, calls taken in transcript order; a call whose
 * tool answered with an error matches without performing it; a free tool's call is not applicable.
 * The transcript passes when every judged call passes and no required reference call is missing.
 */
export function matchReference(calls: readonly CallToMatch[], tools: readonly ToolToMatch[], reference: Reference, decode: Decode = parsePyJson): ReferenceMatch {
  if (reference.match.preset === "bfcl") return matchBfcl(calls, tools, reference, decode);
  const performedBy = reference.steps.map((step) => step.calls.map((): CallToMatch | null => null));
  const verdicts = new Map<number, CallVerdict>();
  for (const call of calls) verdicts.set(call.ordinal, judgeCall(call, reference, performedBy, decode));
  // What the transcript performed in the end: a call the tool rejected performed nothing.
  const performed = performedBy.map((step) => step.map((call) => (call && !call.failed ? call.ordinal : null)));
  const reasons: ReferenceReason[] = [];
  for (const verdict of verdicts.values()) if (verdict.status === "fail") reasons.push(verdict.reason);
  if (reference.match.trajectory !== "subset") {
    reference.steps.forEach((step, stepIndex) =>
      step.calls.forEach((call, callIndex) => {
        if (call.optional || performed[stepIndex][callIndex] !== null) return;
        reasons.push({ code: "missing_call", path: `steps[${stepIndex}].calls[${callIndex}]`, expected: call.name, actual: "(not called)", message: `Step ${stepIndex + 1} expects a call to ${call.name} that never succeeded.` });
      }),
    );
  }
  return { calls: verdicts, transcript: { passed: reasons.length === 0, reasons, bfclErrorType: null, performedBy: performed } };
}

interface Candidate {
  step: number;
  call: number;
  expected: ReferenceCall;
}

/** Reference calls this call may perform: any not yet performed, or under `strict` only the next in order. */
/** Whether a reference call is still to be performed when a call of message `at` is judged. */
function isOpen(performer: CallToMatch | null, at: number): boolean {
  return performer === null || (performer.failed && performer.respondedAt !== null && performer.respondedAt < at);
}

function candidates(reference: Reference, performedBy: (CallToMatch | null)[][], at: number): Candidate[] {
  const open: Candidate[] = [];
  for (let step = 0; step < reference.steps.length; step++) {
    const { calls, anyOrder } = reference.steps[step];
    let requiredOpen = false;
    for (let call = 0; call < calls.length; call++) {
      if (!isOpen(performedBy[step][call], at)) continue;
      open.push({ step, call, expected: calls[call] });
      if (!calls[call].optional) {
        requiredOpen = true;
        // In order, nothing after an open required call may come first.
        if (reference.match.trajectory === "strict" && !anyOrder) break;
      }
    }
    if (reference.match.trajectory === "strict" && requiredOpen) break;
  }
  return open;
}

function judgeCall(call: CallToMatch, reference: Reference, performedBy: (CallToMatch | null)[][], decode: Decode): CallVerdict {
  if (reference.match.freeTools.has(call.name)) return { status: "not-applicable", explanation: `${call.name} is a free tool: its calls are not judged against the reference.` };
  const decoded = decode(call.rawArguments.trim() === "" ? "{}" : call.rawArguments);
  if (!decoded.ok || !(decoded.value instanceof PyDict)) {
    const message = decoded.ok ? "The arguments are not a JSON object." : `The arguments are not valid JSON (${decoded.message} at character ${decoded.offset}).`;
    return { status: "fail", step: null, call: null, reason: { code: "decoder_failed", path: "", expected: "a JSON object", actual: call.rawArguments.slice(0, 200), message } };
  }
  const open = candidates(reference, performedBy, call.messageIndex);
  let nearest: { candidate: Candidate; reason: ReferenceReason } | null = null;
  for (const candidate of open) {
    if (candidate.expected.name !== call.name) continue;
    const mismatch = argumentsMismatch(decoded.value, candidate.expected, reference.match);
    if (!mismatch) {
      performedBy[candidate.step][candidate.call] = call;
      return { status: "pass", step: candidate.step, call: candidate.call };
    }
    nearest ??= { candidate, reason: mismatch };
  }
  if (nearest) return { status: "fail", step: nearest.candidate.step, call: nearest.candidate.call, reason: nearest.reason };
  const sameName = reference.steps.some((step) => step.calls.some((expected) => expected.name === call.name));
  if (sameName && !open.some((candidate) => candidate.expected.name === call.name)) {
    if (reference.match.trajectory === "superset") return { status: "not-applicable", explanation: `Every ${call.name} call of the reference is already performed; the superset trajectory allows more calls.` };
    const wanted = reference.steps.flatMap((step) => step.calls).filter((expected) => expected.name === call.name).length;
    return { status: "fail", step: null, call: null, reason: { code: "wrong_count", path: "", expected: `${wanted} call${wanted === 1 ? "" : "s"} to ${call.name}`, actual: "one more", message: `The reference expects ${wanted} call${wanted === 1 ? "" : "s"} to ${call.name}, all already performed or not due yet.` } };
  }
  if (reference.match.trajectory === "superset") return { status: "not-applicable", explanation: `${call.name} is not in the reference; the superset trajectory allows other calls.` };
  const next = open.find((candidate) => !candidate.expected.optional);
  if (reference.match.trajectory === "strict" && next) {
    return { status: "fail", step: next.step, call: next.call, reason: { code: "wrong_function", path: "", expected: next.expected.name, actual: call.name, message: `The reference expects ${next.expected.name} here, not ${call.name}.` } };
  }
  return { status: "fail", step: null, call: null, reason: { code: "unexpected_call", path: "", expected: "(no such call)", actual: call.name, message: `The reference has no call to ${call.name}${sameName ? " left" : ""}.` } };
}
