import { clearStandardized } from "@/lib/references/bfcl/checker";
import { callsToMatch } from "@/lib/references/calls-to-match";
import { matchReference } from "@/lib/references/match";
import { parsePyJson, type PyJsonResult } from "@/lib/references/py-json";
import { clearStoredReferences, referenceFromStored } from "@/lib/references/stored";
import type { CallVerdict, ReferenceMatch } from "@/lib/references/types";
import type { CallView } from "../../types";
import { BOTH_VIEWS, type Check } from "../check";
import type { CallContext } from "../context";
import { isErrorResponse } from "../response-status";
import { sharedCache } from "../shared-caches";

// A transcript is matched once per assistant message, over the whole transcript before it (a call's
// verdict depends only on the calls before it and on how their tools answered): the costly parts,
// reading arguments and responses, are read once by content.
const MAX_CACHED = 20_000;
const decoded = sharedCache(new Map<string, PyJsonResult>());
const failedByContent = sharedCache(new Map<string, boolean>());
sharedCache({ clear: clearStoredReferences });
sharedCache({ clear: clearStandardized });

function remember<V>(cache: Map<string, V>, key: string, compute: (key: string) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, (value = compute(key)));
  }
  return value;
}

const decode = (raw: string) => remember(decoded, raw, parsePyJson);
const failedResponse = (content: string) => remember(failedByContent, content, isErrorResponse);

// One match per transcript: a call's verdict depends only on the transcript up to its own message
// (lib/references, CallToMatch.respondedAt), so a match over a longer prefix serves the calls of every
// message it covers. Views of one transcript share their message objects; the first one keys it.
interface Covered {
  through: number;
  match: ReferenceMatch;
}
const matches = new WeakMap<object, Covered>();

/** The judged call's verdict against the transcript's reference, or null when it has none. */
export function referenceVerdict(view: CallView): CallVerdict | null {
  const reference = referenceFromStored(view.referenceText);
  if (!reference) return null;
  const key = view.context[0] ?? view.assistant;
  let covered = matches.get(key);
  if (!covered || covered.through < view.call.messageIndex) {
    const messages = view.mode === "hindsight" ? [...view.context, view.assistant, ...view.following] : [...view.context, view.assistant];
    const calls = callsToMatch(messages, failedResponse);
    covered = { through: messages.length - 1, match: matchReference(calls, view.tools.map((tool) => ({ name: tool.function.name, parameters: tool.function.parameters })), reference, decode) };
    matches.set(key, covered);
  }
  return covered.match.calls.get(view.call.ordinal) ?? null;
}

const NO_REFERENCE = "the transcript has no reference (expected calls): attach one to measure it";

export const referenceMatch: Check = {
  id: "reference-match",
  title: "Expected call (reference)",
  severity: "critical",
  views: BOTH_VIEWS,
  topics: ["reference"],
  explanation:
    "Compares the call with the transcript's reference: the expected calls of a golden set, a benchmark's possible answers or a task's actions. The call passes when it matches an expected call not yet performed, calls taken in order (BFCL's own checker under the bfcl preset); a call to a free tool is not judged. Exact, and only as good as the reference.",
  unmeasurable(context: CallContext) {
    const verdict = referenceVerdict(context.view);
    if (!verdict) return NO_REFERENCE;
    return verdict.status === "not-applicable" ? verdict.explanation.replace(/\.$/, "") : null;
  },
  run(context) {
    const verdict = referenceVerdict(context.view);
    if (!verdict || verdict.status === "not-applicable") return [];
    if (verdict.status === "pass") {
      return [{ severity: "info", penalty: 0, message: `Matches expected call ${verdict.call + 1} of step ${verdict.step + 1} of the reference.` }];
    }
    const { reason } = verdict;
    const where = verdict.step === null ? "" : `; nearest expected call: step ${verdict.step + 1}${verdict.call === null ? "" : `, call ${verdict.call + 1}`}`;
    return [{ severity: "critical", penalty: 0.9, path: reason.path, message: `${reason.message} (${reason.code})`, evidence: `expected ${reason.expected}; actual ${reason.actual}${where}` }];
  },
};
