/**
 * Candidate agent-level checks that were measured for issue 16 and NOT added to the built-in judge:
 * on the dev trials (bench/tau2/data/tau2-trials.jsonl) each one lowered the judge's ranking
 * accuracy or decided pairs the wrong way more often than the right way (figures:
 * bench/tau2/AGENT-SIGNALS.md). Kept so that the measurement can be repeated and the next idea
 * compared against them: `npx tsx bench/research/bench-agent-signals.ts --cases … --variant +<id>`.
 * All of them read structure (roles, calls, responses, arguments) or the judge's small
 * multilingual reply lists; none names a tool or a domain.
 */
import type { AgentCheck, AgentHit, AgentContext, AgentTopic } from "@/lib/judging/judges/agent/checks";
import type { TranscriptCall } from "@/lib/judging/judges/agent/calls";
import { canonicalArguments } from "@/lib/judging/judges/checks/canonical";
import { isAffirmative } from "@/lib/judging/judges/checks/conversation";
import type { CanonicalMessage, JsonValue } from "@/lib/transcripts/types";

/**
 * A candidate is studied against whatever the criterion under study names (bench-agent-signals.ts):
 * it runs for every structural topic. The user's goal itself is meaning-level and has no check.
 */
const CANDIDATE_TOPICS: readonly AgentTopic[] = ["exploration", "efficiency", "faithfulness", "stopping", "errors", "confirmation", "tool-use"];

type JsonObject = { [key: string]: JsonValue };

const textOf = (message: CanonicalMessage) => (typeof message.content === "string" ? message.content : "");
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const answered = (entry: TranscriptCall) => entry.status?.kind === "ok" || entry.status?.kind === "empty";
const isObject = (value: JsonValue | undefined): value is JsonObject => !!value && typeof value === "object" && !Array.isArray(value);

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** Every scalar of a JSON value, as text. */
export function scalars(value: JsonValue | undefined, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => scalars(item, out));
  else if (isObject(value)) Object.values(value).forEach((item) => scalars(item, out));
  else if (typeof value === "string" || typeof value === "number") out.push(String(value));
  return out;
}

/** A candidate that counts occurrences: one hit each (at most three), each weighing `penalty`. */
function counting(id: string, title: string, explanation: string, penalty: number, find: (context: AgentContext) => { at: number; message: string }[]): AgentCheck {
  return {
    id,
    title,
    topics: CANDIDATE_TOPICS,
    explanation,
    run(context) {
      return find(context)
        .slice(0, 3)
        .map(({ at, message }): AgentHit => ({ severity: "minor", penalty, message, at }));
    },
  };
}

const userTurns = (messages: readonly CanonicalMessage[]) => messages.flatMap((message, index) => (message.role === "user" ? [{ index, text: textOf(message) }] : []));

// The judge's own reply lists (lib/judging/judges/checks/conversation.ts): a reply opening with "no", "wait", "nein", "нет"…
const OPENS_NEGATIVE = /^[\s"'“¡¿(*-]*(no|nope|nah|don'?t|do not|stop|wait|not yet|hold on|non|nein|não|nie|нет|いいえ|不|不要|아니요|नहीं|لا)(?![\p{L}\p{N}])/iu;
// A reply that closes the conversation rather than corrects ("No, that's all").
const CLOSES = /\b(that'?s all|that is all|nothing else|no further|no more|all set|all good|bye|goodbye|that'?s (it|everything))\b/i;

export const userCorrects = counting(
  "user-corrects",
  "User corrects the agent",
  "A user turn (not the last, not a closing one) that opens by saying no: the agent had proposed or done something the user did not want.",
  0.15,
  ({ messages }) =>
    userTurns(messages)
      .slice(0, -1)
      .filter(({ text }) => OPENS_NEGATIVE.test(text) && !CLOSES.test(text))
      .map(({ index }) => ({ at: index, message: `The user said no at message ${index}.` })),
);

/** Share of distinct words two turns have in common (Jaccard). */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

export const userRepeats = counting(
  "user-repeats",
  "User repeats a request",
  "A user turn of four words or more that shares at least 60% of its distinct words with an earlier user turn: the request was not taken in.",
  0.15,
  ({ messages }) => {
    const turns = userTurns(messages).map((turn) => ({ ...turn, words: new Set(wordsOf(turn.text)) }));
    return turns
      .filter((turn, position) => turn.words.size >= 4 && turns.slice(0, position).some((earlier) => overlap(turn.words, earlier.words) >= 0.6))
      .map(({ index }) => ({ at: index, message: `The user repeated an earlier request at message ${index}.` }));
  },
);

export const agreedNothingDone = counting(
  "agreed-nothing-done",
  "Agreed action never taken",
  "The user agreed to a question of the agent's, and the agent made no call before the user's next turn nor any change afterwards.",
  0.2,
  ({ messages, calls }) => {
    for (const { index, text } of userTurns(messages)) {
      if (!isAffirmative(text)) continue;
      let asked = index - 1;
      while (asked >= 0 && messages[asked].role !== "assistant") asked--;
      if (asked < 0 || !textOf(messages[asked]).includes("?")) continue;
      if (calls.some((entry) => entry.changesState && entry.messageIndex > index)) continue;
      const next = messages.findIndex((message, position) => position > index && message.role === "user");
      const end = next < 0 ? messages.length : next;
      if (calls.some((entry) => entry.messageIndex > index && entry.messageIndex < end)) continue;
      return [{ at: index, message: `The user agreed at message ${index} and nothing was done.` }];
    }
    return [];
  },
);

/**
 * Tokens of the agent's text that no earlier system, user or tool message nor call argument
 * contains: what the "no one gave" candidates count. `seenForm` is how earlier text is kept.
 */
function unseenInAgentText(
  messages: readonly CanonicalMessage[],
  rule: { tokens: (text: string) => string[]; seenForm: (text: string) => string; isSeen: (token: string, seen: string) => boolean },
): { at: number; message: string }[] {
  const found: { at: number; message: string }[] = [];
  let seen = "";
  messages.forEach((message, index) => {
    if (message.role === "assistant") {
      for (const token of rule.tokens(textOf(message))) if (!rule.isSeen(token, seen)) found.push({ at: index, message: `${token} at message ${index} is in no earlier message.` });
      for (const call of message.tool_calls ?? []) seen += `\n${rule.seenForm(call.function.arguments)}`;
    } else seen += `\n${rule.seenForm(textOf(message))}`;
  });
  return found;
}

const NUMBER = /\d[\d,]*\.\d+|\d{3,}/g;

export const unsupportedNumber = counting(
  "unsupported-number",
  "Number no one gave",
  "A number (with decimals, or of three digits or more) in the agent's text that no earlier system, user or tool message nor call argument contains.",
  0.15,
  ({ messages }) =>
    unseenInAgentText(messages, {
      tokens: (text) => text.match(NUMBER) ?? [],
      seenForm: (text) => `${text}\n${text.replace(/,(?=\d{3})/g, "")}`,
      isSeen: (number, seen) => seen.includes(number) || seen.includes(number.replace(/,/g, "")),
    }),
);

// An identifier: letters and digits mixed, four characters or more ("HAT041", "#W3295833", "A1B2").
const IDENTIFIER = /(?<![\p{L}\p{N}])#?(?=[\p{L}\p{N}_-]*\p{N})(?=[\p{L}\p{N}_-]*\p{L})[\p{L}\p{N}_-]{4,}/gu;

// An ordinal, a time or a measure ("20th", "10am", "24-hour", "34-inch") mixes digits and letters
// too; an identifier also has a capital, an underscore or a "#".
const looksLikeId = (token: string) => /[\p{Lu}_#]/u.test(token);

export const unsupportedIdentifier = counting(
  "unsupported-identifier",
  "Identifier no one gave",
  "An identifier (letters and digits mixed) in the agent's text that no earlier system, user or tool message nor call argument contains: a reference the agent made up.",
  0.15,
  ({ messages }) =>
    unseenInAgentText(messages, {
      tokens: (text) => (text.match(IDENTIFIER) ?? []).filter(looksLikeId),
      seenForm: (text) => text.toLowerCase(),
      isSeen: (id, seen) => seen.includes(id.toLowerCase()),
    }),
);

export const sameWriteTwice = counting(
  "same-write-twice",
  "Same change made twice",
  "A second successful call of a tool that changes state: the first one did not do what was needed.",
  0.15,
  ({ calls }) => {
    const done = new Set<string>();
    const found: { at: number; message: string }[] = [];
    for (const entry of calls) {
      if (!entry.changesState || !answered(entry)) continue;
      if (done.has(entry.call.function.name)) found.push({ at: entry.messageIndex, message: `${entry.call.function.name} succeeded again at message ${entry.messageIndex}.` });
      done.add(entry.call.function.name);
    }
    return found;
  },
);

/** For each call that changes state: the argument values (three characters or more) that `known` (the messages before it) does not contain. */
function unknownValues({ messages, calls }: AgentContext, known: (message: CanonicalMessage) => boolean): { at: number; message: string }[] {
  return calls.flatMap((entry) => {
    if (!entry.changesState) return [];
    const context = messages.slice(0, entry.messageIndex).filter(known).map(textOf).join("\n").toLowerCase();
    return scalars(parseJson(entry.call.function.arguments))
      .filter((value) => value.trim().length >= 3 && !context.includes(value.trim().toLowerCase()))
      .map((value) => ({ at: entry.messageIndex, message: `${entry.call.function.name} at message ${entry.messageIndex} uses ${JSON.stringify(value)}.` }));
  });
}

export const ungroundedWriteValue = counting(
  "ungrounded-write-value",
  "Change on a value no one gave",
  "A change whose argument value neither the user, the system prompt nor any earlier tool result contains.",
  0.15,
  (context) => unknownValues(context, (message) => message.role !== "assistant"),
);

export const unannouncedWriteValue = counting(
  "unannounced-write-value",
  "Change the agent never spelled out",
  "A change whose argument value the agent never wrote to the user before making it (what the user agreed to is not what was done).",
  0.15,
  (context) => unknownValues(context, (message) => message.role === "assistant"),
);

// The built-in unsupported-answer check's English "it is done" phrases.
const CLAIMS_DONE = /\b(successfully|has been|have been|is now|are now|(is|are) (confirmed|complete|completed|done)|all set)\b/i;

export const claimsDoneNoChange = counting(
  "claims-done-no-change",
  "Says it was done, changed nothing",
  "The agent says something was done although no call that changes state succeeded in the whole transcript.",
  0.15,
  ({ messages, calls }) => {
    if (calls.some((entry) => entry.changesState && answered(entry))) return [];
    const index = messages.findIndex((message) => message.role === "assistant" && CLAIMS_DONE.test(textOf(message)));
    return index < 0 ? [] : [{ at: index, message: `Message ${index} says the work was done; nothing was changed.` }];
  },
);

export const unexploredListed = counting(
  "unexplored-listed",
  "Listed references never opened",
  "Identifiers a tool listed (an array of two or more strings with digits) that no later call used: what the agent could have looked at and did not.",
  0.15,
  ({ messages, calls }) => {
    const listed = new Set<string>();
    const visit = (value: JsonValue | undefined) => {
      if (Array.isArray(value)) {
        if (value.length >= 2 && value.every((item) => typeof item === "string")) for (const item of value) if (typeof item === "string" && item.length >= 4 && /\d/.test(item)) listed.add(item);
        value.forEach(visit);
      } else if (isObject(value)) Object.values(value).forEach(visit);
    };
    messages.forEach((message) => message.role === "tool" && visit(parseJson(textOf(message))));
    const used = calls.map((entry) => entry.call.function.arguments).join("\n");
    return [...listed].filter((id) => !used.includes(id)).map((id) => ({ at: messages.length - 1, message: `${id} was listed and never used.` }));
  },
);

/** The sibling objects of one array or object that share their keys: options a tool offered. */
function optionGroups(value: JsonValue | undefined, out: { key: string | null; node: JsonObject }[][] = []) {
  const children = Array.isArray(value) ? value.map((node) => ({ key: null, node })) : isObject(value) ? Object.entries(value).map(([key, node]) => ({ key, node })) : [];
  const objects = children.filter((child): child is { key: string | null; node: JsonObject } => isObject(child.node));
  const shape = (node: JsonObject) => Object.keys(node).sort().join("\u0000");
  if (objects.length >= 2 && objects.every((child) => shape(child.node) === shape(objects[0].node))) out.push(objects);
  children.forEach((child) => optionGroups(child.node, out));
  return out;
}

const wordMatches = (value: string, said: string) => value === said || (value.length >= 3 && said.startsWith(value)) || (said.length >= 4 && value.startsWith(said));

export const betterOptionShown: AgentCheck = {
  id: "better-option-shown",
  title: "Chose an option the user's words fit less",
  topics: CANDIDATE_TOPICS,
  explanation:
    "A change picks one of several options a tool listed (objects of the same shape; the one whose identifier is an argument), while another option has more values the user said (\"red\", \"34 inch\").",
  run({ messages, calls }) {
    const hits: AgentHit[] = [];
    for (const entry of calls) {
      if (!entry.changesState) continue;
      const argumentsGiven = new Set(scalars(parseJson(entry.call.function.arguments)));
      const said = messages.slice(0, entry.messageIndex).filter((message) => message.role === "user").flatMap((message) => wordsOf(textOf(message)));
      const named = (option: { key: string | null; node: JsonObject }) => [option.key ?? "", ...scalars(option.node)].some((id) => id.length >= 4 && /\d/.test(id) && argumentsGiven.has(id));
      const fit = (node: JsonObject) => scalars(node).filter((value) => !argumentsGiven.has(value) && wordsOf(value).length > 0 && wordsOf(value).every((word) => said.some((saidWord) => wordMatches(word, saidWord))));
      for (const message of messages.slice(0, entry.messageIndex)) {
        if (message.role !== "tool") continue;
        for (const group of optionGroups(parseJson(textOf(message)))) {
          const chosen = group.filter(named);
          if (chosen.length !== 1) continue;
          const mine = fit(chosen[0].node);
          const better = group.filter((option) => !named(option)).find((option) => fit(option.node).length > mine.length);
          if (!better) continue;
          hits.push({
            severity: "minor",
            penalty: 0.25,
            message: `${entry.call.function.name} (message ${entry.messageIndex}) picked an option matching ${mine.length} of the user's words over one matching ${fit(better.node).join(", ")}.`,
            at: entry.messageIndex,
          });
        }
      }
    }
    return hits;
  },
};

/** Distinct lookups (tool and arguments) that answered. */
function distinctLookups(calls: readonly TranscriptCall[]): number {
  return new Set(calls.filter((entry) => !entry.changesState && answered(entry)).map((entry) => `${entry.call.function.name}\u0000${canonicalArguments(entry.call.function.arguments)}`)).size;
}

/**
 * The built-in exploration grade (0.3 / (distinct lookups + 1)) as one check, over the lookups
 * before the first change (`beforeFirstChange`) or over the whole transcript, none from `enough` on.
 */
function exploration(id: string, beforeFirstChange: boolean, enough: number): AgentCheck {
  return {
    id,
    title: `Explored little (${beforeFirstChange ? "before the first change" : "whole transcript"}, enough from ${enough})`,
    topics: CANDIDATE_TOPICS,
    explanation: "Fewer distinct lookups that answered, a larger penalty.",
    run({ messages, calls }) {
      if (!messages.some((message) => message.role === "user")) return [];
      const first = calls.findIndex((entry) => entry.changesState);
      const looked = distinctLookups(beforeFirstChange && first >= 0 ? calls.slice(0, first) : calls);
      if (looked >= enough) return [];
      return [{ severity: "info", penalty: 0.3 / (looked + 1), message: `${looked} distinct lookups answered.` }];
    },
  };
}

export const CANDIDATE_CHECKS: readonly AgentCheck[] = [
  userCorrects,
  userRepeats,
  agreedNothingDone,
  unsupportedNumber,
  unsupportedIdentifier,
  sameWriteTwice,
  ungroundedWriteValue,
  unannouncedWriteValue,
  claimsDoneNoChange,
  unexploredListed,
  betterOptionShown,
  exploration("explored-whole", false, 9),
  exploration("explored-before-uncapped", true, Number.POSITIVE_INFINITY),
];
