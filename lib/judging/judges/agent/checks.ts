import type { CanonicalMessage } from "@/lib/transcripts/types";
import type { Severity } from "../types";
import { canonicalArguments, sameArguments } from "../checks/canonical";
import { repeatedRead } from "../checks/repeats";
import { policyRequiresConfirmation, userConfirmed } from "../checks/conversation";
import { quote } from "../checks/evidence";
import type { TranscriptVerdict } from "@/lib/references/types";
import type { TranscriptCall } from "./calls";

/** What an agent-level criterion can speak about that its checks can see (meaning-level.ts has the rest). */
export type AgentTopic = "exploration" | "efficiency" | "faithfulness" | "stopping" | "errors" | "confirmation" | "tool-use" | "reference";

export interface AgentHit {
  severity: Severity;
  penalty: number;
  message: string;
  evidence?: string;
  /** Message index the hit points at, for reviewers. */
  at?: number;
}

/** The transcript, read once for every agent-level check. */
export interface AgentContext {
  messages: CanonicalMessage[];
  calls: TranscriptCall[];
  /** The assistant's final answer, if any. */
  answer: { index: number; text: string } | null;
  /** Per call (same order as `calls`): the tool-call judge's problems with its tool and arguments. */
  callProblems: string[][];
  /** Whether any offered tool only looks things up. */
  lookupOffered: boolean;
  /** The transcript against its reference (expected calls), when it has one. */
  reference: TranscriptVerdict | null;
}

export interface AgentCheck {
  id: string;
  title: string;
  topics: readonly AgentTopic[];
  explanation: string;
  run(context: AgentContext): AgentHit[];
}

const severityOf = (penalty: number): Severity => (penalty > 0.5 ? "major" : penalty >= 0.1 ? "minor" : "info");
const callName = (entry: TranscriptCall) => `${entry.call.function.name} (message ${entry.messageIndex})`;

/** The calls the tool answered with an error (rejected, or failed for a reason outside the call), each with whether a later call of the same tool succeeded. */
function rejections(calls: readonly TranscriptCall[]): { entry: TranscriptCall & { status: NonNullable<TranscriptCall["status"]> }; recovered: boolean }[] {
  return calls.flatMap((entry, index) => {
    const status = entry.status;
    if (status?.kind !== "rejected" && status?.kind !== "transient") return [];
    const recovered = calls.slice(index + 1).some((later) => later.call.function.name === entry.call.function.name && later.status?.kind === "ok");
    return [{ entry: { ...entry, status }, recovered }];
  });
}

export const unrecoveredError: AgentCheck = {
  id: "unrecovered-error",
  title: "Error not recovered from",
  topics: ["errors"],
  explanation: "A call the tool answered with an error, after which the agent never made a call of that tool that succeeded: what the call was for was not done.",
  run({ calls }) {
    return rejections(calls)
      .filter(({ recovered }) => !recovered)
      .map(({ entry }) => {
        const penalty = entry.changesState ? 0.35 : 0.2;
        return { severity: severityOf(penalty), penalty, message: `${callName(entry)} ${entry.status.kind === "transient" ? "failed" : "was rejected"} and never done successfully afterwards.`, evidence: entry.status.evidence, at: entry.messageIndex };
      });
  },
};

const RECOVERED_PENALTY = 0.08;

export const recoveredError: AgentCheck = {
  id: "recovered-error",
  title: "Call the tool rejected",
  // An error, as the call-level tool-error check says of the same call; not a repeat.
  topics: ["errors"],
  explanation: "A call the tool answered with an error that the agent later made succeed: not a lost goal, but an error all the same and a sign of guessing before knowing.",
  run({ calls }) {
    return rejections(calls)
      .filter(({ recovered }) => recovered)
      .map(({ entry }) => ({
        // A problem a reader acts on, though it weighs little on a score.
        severity: "minor",
        penalty: RECOVERED_PENALTY,
        message: `${callName(entry)} ${entry.status.kind === "transient" ? "failed" : "was rejected"} before a later call of it succeeded.`,
        evidence: entry.status.evidence,
        at: entry.messageIndex,
      }));
  },
};

/** Why a call repeats an earlier one, by the call-level checks' definitions (duplicate-call, futile-retry), or null. */
function repeatOf(calls: readonly TranscriptCall[], index: number, usersBefore: readonly number[]): { before: TranscriptCall; rejected: boolean } | null {
  const entry = calls[index];
  const same = (before: TranscriptCall) => before.call.function.name === entry.call.function.name && sameArguments(before.call.function.arguments, entry.call.function.arguments);
  const earlier = calls.slice(0, index);
  const sibling = earlier.find((before) => before.messageIndex === entry.messageIndex && same(before));
  if (sibling) return { before: sibling, rejected: false };
  const previous = earlier.filter((before) => before.messageIndex < entry.messageIndex);
  const rejected = previous.find((before) => before.status?.kind === "rejected" && same(before));
  if (rejected) return { before: rejected, rejected: true };
  if (entry.changesState) {
    // The same change since the user last spoke: a second booking, a second payment.
    const change = previous.find((before) => usersBefore[entry.messageIndex] === usersBefore[before.messageIndex] && same(before));
    return change ? { before: change, rejected: false } : null;
  }
  const priors = previous.map((before) => ({ before, name: before.call.function.name, rawArguments: before.call.function.arguments, changesState: before.changesState, status: before.status, sibling: false }));
  const read = repeatedRead(priors, entry.call.function.name, entry.call.function.arguments);
  return read ? { before: read.before, rejected: false } : null;
}

export const repeatedCall: AgentCheck = {
  id: "repeated-call",
  title: "Repeated or futile call",
  topics: ["efficiency"],
  explanation:
    "A call the call-level checks count as a repeat: a read the tool already answered, with no successful change of state since; the same change again since the user last spoke; the same call twice in one message; or a retry, with the same arguments, of a call the tool rejected. A wasted step.",
  run({ calls, messages }) {
    // User turns before each message, so "did the user speak between two calls" is a comparison.
    const usersBefore = [0];
    messages.forEach((message, index) => usersBefore.push(usersBefore[index] + (message.role === "user" ? 1 : 0)));
    return calls.flatMap((entry, index): AgentHit[] => {
      const repeat = repeatOf(calls, index, usersBefore);
      if (!repeat) return [];
      return [
        {
          severity: "minor",
          penalty: repeat.rejected ? 0.2 : 0.12,
          message: `${callName(entry)} repeats the call of message ${repeat.before.messageIndex}${repeat.rejected ? ", which the tool had rejected" : ""}.`,
          at: entry.messageIndex,
        },
      ];
    });
  },
};

export const unconfirmedChange: AgentCheck = {
  id: "unconfirmed-change",
  title: "Change without confirmation",
  topics: ["confirmation"],
  explanation:
    "A call that changes state made without the user's explicit agreement to what the assistant said it would do. Weighs more when the system prompt asks for confirmation before acting.",
  run({ messages, calls }) {
    const required = policyRequiresConfirmation(messages);
    const hits: AgentHit[] = [];
    for (const entry of calls) {
      if (!entry.changesState) continue;
      if (userConfirmed(messages.slice(0, entry.messageIndex), entry.verb).confirmed) continue;
      // Always a problem, as the call-level check says of the same call; weightier when the system prompt asks for confirmation.
      const penalty = required ? 0.3 : 0.15;
      hits.push({ severity: severityOf(penalty), penalty, message: `${callName(entry)} changed state without the user's explicit confirmation${required ? ", which the system prompt asks for" : ""}.`, at: entry.messageIndex });
    }
    return hits;
  },
};

const CLAIMS_DONE =
  /\b(successfully|has been|have been|is now|are now|was (successfully )?(cancell?ed|booked|updated|changed|processed|submitted|sent|issued|refunded|exchanged|returned|modified|created|placed)|i('ve| have) (cancell?ed|booked|updated|changed|processed|submitted|sent|issued|refunded|exchanged|returned|modified|created|placed)|(is|are) (confirmed|complete|completed|done)|all set)\b/i;

export const unsupportedAnswer: AgentCheck = {
  id: "unsupported-answer",
  title: "Final answer not supported by the tools",
  topics: ["faithfulness"],
  explanation:
    "The final answer says something was done (booked, cancelled, updated…) although no call that changes state succeeded, or the last one the tool rejected.",
  run({ answer, calls }) {
    if (!answer || !CLAIMS_DONE.test(answer.text)) return [];
    const changes = calls.filter((entry) => entry.changesState && entry.messageIndex < answer.index);
    if (!changes.length) return [];
    const last = changes[changes.length - 1];
    if (last.status?.kind === "ok" || last.status?.kind === "empty") return [];
    return [
      {
        severity: "major",
        penalty: 0.55,
        message: `The final answer says the work was done, but ${callName(last)} ${last.status ? "was rejected" : "got no response"}.`,
        evidence: `answer ${quote(answer.text, 140)}${last.status ? `; tool: ${last.status.evidence}` : ""}`,
        at: answer.index,
      },
    ];
  },
};

// A user turn that only closes the conversation ("Thanks, that's all").
const CLOSING = /\b(that'?s all|that is all|nothing else|no further|no more (questions|help)|all set|all good|have a (good|great|nice)|bye|goodbye)\b/i;
// The user's own end-of-conversation marker, as simulated users and agent frameworks send it
// ("… ###STOP###", "TERMINATE"): the user closed the conversation, so no answer was owed after it.
const ENDED = /((?<!#)#{2,}[A-Z][A-Z_-]*#{2,}|\bTERMINATE)\s*$/;
const ASKS = /\?|\b(please|can you|could you|would you|i want|i'd like|i would like|i need|go ahead|proceed)\b/i;

export const unansweredRequest: AgentCheck = {
  id: "unanswered-request",
  title: "Last request left unanswered",
  topics: ["stopping"],
  explanation: "The transcript ends on the user's request with no answer or action after it, or on a call the assistant never followed up: the agent stopped before the work was done.",
  run({ messages }) {
    const last = [...messages].reverse().find((message) => message.role !== "system");
    if (!last) return [];
    if (last.role === "user") {
      const text = last.content ?? "";
      if (CLOSING.test(text) || !ASKS.test(text) || ENDED.test(text)) return [];
      return [{ severity: "major", penalty: 0.4, message: "The conversation ends on a request of the user's that the agent never answered or acted on.", evidence: `last user message ${quote(text, 140)}`, at: messages.length - 1 }];
    }
    if (last.role === "tool" || (last.role === "assistant" && !last.content?.trim())) {
      return [{ severity: "minor", penalty: 0.2, message: "The conversation ends on a tool call the assistant never followed up with an answer.", at: messages.length - 1 }];
    }
    return [];
  },
};

// A first change with nothing looked up before it; each distinct lookup that answered divides the
// penalty further, so an agent that checked more before acting ranks above one that checked less.
const UNEXPLORED_PENALTY = 0.3;
// From this many lookups on, the agent counts as having explored enough.
const EXPLORED_ENOUGH = 9;

/** Distinct lookups (tool and arguments) among these calls that the tool answered. */
function distinctLookups(calls: readonly TranscriptCall[]): number {
  const looked = new Set<string>();
  for (const entry of calls) {
    if (entry.changesState) continue;
    if (entry.status?.kind === "ok" || entry.status?.kind === "empty") looked.add(`${entry.call.function.name}\u0000${canonicalArguments(entry.call.function.arguments)}`);
  }
  return looked.size;
}

/** The penalty for having looked up `looked` distinct things: the same curve for both exploration checks. */
const explorationPenalty = (looked: number) => (looked >= EXPLORED_ENOUGH ? 0 : UNEXPLORED_PENALTY / (looked + 1));

export const actedBeforeLooking: AgentCheck = {
  id: "acted-before-looking",
  title: "Acted before looking",
  topics: ["exploration"],
  explanation:
    "The agent's first call that changes state came after little was looked up (distinct lookups that answered), although tools to look things up were offered: the fewer, the less it had checked what it acted on.",
  run({ calls, lookupOffered }) {
    const firstChange = calls.findIndex((entry) => entry.changesState);
    if (firstChange < 0 || !lookupOffered) return [];
    const looked = distinctLookups(calls.slice(0, firstChange));
    const penalty = explorationPenalty(looked);
    if (!penalty) return [];
    const first = calls[firstChange];
    if (!looked) return [{ severity: "minor", penalty, message: `The first change, ${callName(first)}, was made before anything was looked up.`, at: first.messageIndex }];
    // Some looking was done: this grades how much, it is not a defect to act on.
    return [{ severity: "info", penalty, message: `The first change, ${callName(first)}, came after ${looked} distinct lookup${looked > 1 ? "s" : ""} that answered.`, at: first.messageIndex }];
  },
};

export const answeredWithoutLooking: AgentCheck = {
  id: "answered-without-looking",
  title: "Answered without looking",
  topics: ["exploration"],
  explanation:
    "The agent changed nothing and looked up little (distinct lookups that answered), although tools to look things up were offered: whatever it told the user, refused or handed over rests on less that it checked. Graded like acting before looking.",
  run({ messages, calls, lookupOffered }) {
    if (!lookupOffered || calls.some((entry) => entry.changesState) || !messages.some((message) => message.role === "user")) return [];
    const looked = distinctLookups(calls);
    const penalty = explorationPenalty(looked);
    if (!penalty) return [];
    const at = calls.length ? calls[calls.length - 1].messageIndex : messages.length - 1;
    if (!looked) return [{ severity: "minor", penalty, message: "The agent changed nothing and looked nothing up that answered, although lookup tools were offered.", at }];
    return [{ severity: "info", penalty, message: `The agent changed nothing and made ${looked} distinct lookup${looked > 1 ? "s" : ""} that answered.`, at }];
  },
};

const UNVERIFIED_PENALTY = 0.2;

/** The scalar values of a call's arguments long enough to name something (ids, names, codes). */
function argumentValues(raw: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const values: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
    else if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) {
      const text = String(value).trim();
      if (text.length >= 3) values.push(text);
    }
  };
  visit(parsed);
  return values;
}

export const unverifiedChange: AgentCheck = {
  id: "unverified-change",
  title: "Change on values no tool showed",
  // Not a goal check: within one agent, an attempt that did the work often acted on values the user
  // gave (names, dates) while a failed one changed nothing, so this ranked failures above successes.
  topics: ["exploration"],
  explanation:
    "A call that changes state with an argument value (an id, a name, an amount) that no earlier tool result contains: the agent acted on what it was told or assumed, without looking it up.",
  run({ messages, calls }) {
    const hits: AgentHit[] = [];
    let seen = "";
    let read = 0;
    for (const entry of calls) {
      for (; read < entry.messageIndex; read++) {
        const message = messages[read];
        if (message.role === "tool") seen += `\n${(message.content ?? "").toLowerCase()}`;
      }
      if (!entry.changesState) continue;
      const unseen = argumentValues(entry.call.function.arguments).filter((value) => !seen.includes(value.toLowerCase()));
      if (!unseen.length) continue;
      hits.push({
        severity: severityOf(UNVERIFIED_PENALTY),
        penalty: UNVERIFIED_PENALTY,
        message: `${callName(entry)} acts on ${unseen.length > 1 ? "values" : "a value"} no earlier tool result showed: ${unseen.slice(0, 3).map((value) => quote(value, 40)).join(", ")}.`,
        at: entry.messageIndex,
      });
    }
    return hits;
  },
};

export const poorCalls: AgentCheck = {
  id: "poor-calls",
  title: "Wrong tools or arguments",
  topics: ["tool-use", "faithfulness"],
  explanation: "Calls the tool-call checks fail for their tool or arguments (an unknown tool, a schema violation, an identifier or value nothing in the conversation supports).",
  run({ calls, callProblems }) {
    const hits: AgentHit[] = [];
    calls.forEach((entry, index) => {
      const problems = callProblems[index];
      if (!problems.length) return;
      hits.push({ severity: "minor", penalty: 0.15, message: `${callName(entry)}: ${problems[0]}`, at: entry.messageIndex });
    });
    return hits;
  },
};

const referenceMatch: AgentCheck = {
  id: "reference-match",
  title: "Calls against the reference",
  topics: ["reference"],
  explanation:
    "Compares the transcript's calls with its reference (expected calls): it passes when every judged call matches an expected call and no required expected call is missing (BFCL's own checker under the bfcl preset).",
  run({ reference }) {
    if (!reference) return [];
    if (reference.passed) {
      const performed = reference.performedBy.flat().filter((ordinal) => ordinal !== null).length;
      return [{ severity: "info", penalty: 0, message: `Every judged call matches the reference; ${performed} expected call${performed === 1 ? "" : "s"} performed.` }];
    }
    return reference.reasons.map((reason) => ({ severity: "major", penalty: 0.6, message: `${reason.message} (${reason.code})`, evidence: `${reason.path ? `${reason.path}: ` : ""}expected ${reason.expected}; actual ${reason.actual}` }));
  },
};

export const AGENT_CHECKS: readonly AgentCheck[] = [referenceMatch, unrecoveredError, recoveredError, repeatedCall, unconfirmedChange, unsupportedAnswer, unansweredRequest, actedBeforeLooking, answeredWithoutLooking, unverifiedChange, poorCalls];
