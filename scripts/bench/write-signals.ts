/**
 * Structural readings of one state-changing call in its transcript, none naming a domain, a tool
 * or a dataset: what a rule-based judge could read, to learn whether any of it tells a right write
 * from a wrong one when the tool accepted both (scripts/bench-write-signals.ts, issue 11).
 */
import { userConfirmed } from "@/lib/judges/checks/conversation";
import { isError, responseStatus } from "@/lib/judges/checks/response-status";
import { toolKind } from "@/lib/judges/checks/tool-kind";
import type { CanonicalMessage, CanonicalTranscript, JsonValue, ToolCallSite } from "@/lib/transcripts/types";

export interface WriteSignal {
  id: string;
  /** What it reads, for the report. */
  reads: string;
  test(transcript: CanonicalTranscript, site: ToolCallSite): boolean;
}

/** Whether the tool's response says the call failed (the judge's own reading of responses). */
export function rejected(site: ToolCallSite): boolean {
  return site.response !== null && isError(responseStatus(site.response));
}

/**
 * The argument values that identify something: strings of three characters or more and numbers
 * of two digits or more, lower-cased. Flags, counts and single letters say too little to trace.
 */
export function identifyingValues(value: JsonValue, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.trim().length >= 3) found.push(value.trim().toLowerCase());
  } else if (typeof value === "number") {
    if (Math.abs(value) >= 10) found.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) identifyingValues(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) identifyingValues(item, found);
  }
  return found;
}

const valuesOf = (site: ToolCallSite) => (site.arguments.ok ? identifyingValues(site.arguments.value) : []);

/** A message as text a value can be found in: its words and, for the assistant, its calls' arguments. */
function messageText(message: CanonicalMessage): string {
  const calls = message.role === "assistant" ? (message.tool_calls ?? []).map((call) => call.function.arguments).join("\n") : "";
  return `${message.content ?? ""}\n${calls}`.toLowerCase();
}

function everyValueIn(site: ToolCallSite, messages: readonly CanonicalMessage[]): boolean {
  const text = messages.map(messageText).join("\n");
  return valuesOf(site).every((value) => text.includes(value));
}

const before = (transcript: CanonicalTranscript, site: ToolCallSite) => transcript.messages.slice(0, site.messageIndex);
const after = (transcript: CanonicalTranscript, site: ToolCallSite) => transcript.messages.slice(site.messageIndex + 1);

function changesState(transcript: CanonicalTranscript, name: string): boolean {
  const tool = transcript.tools.find((candidate) => candidate.function.name === name);
  return tool !== undefined && toolKind(tool).changesState;
}

function laterCalls(transcript: CanonicalTranscript, site: ToolCallSite) {
  const own = transcript.messages[site.messageIndex];
  const parallel = own.role === "assistant" ? (own.tool_calls ?? []).slice(site.position + 1) : [];
  return [...parallel, ...after(transcript, site).flatMap((message) => (message.role === "assistant" ? (message.tool_calls ?? []) : []))];
}

function nextUserTurn(transcript: CanonicalTranscript, site: ToolCallSite): string | null {
  const next = after(transcript, site).find((message) => message.role === "user");
  return next ? next.content : null;
}

/** Names of the calls before this one in its own assistant message (parallel calls). */
function earlierInSameMessage(transcript: CanonicalTranscript, site: ToolCallSite): string[] {
  const own = transcript.messages[site.messageIndex];
  return own.role === "assistant" ? (own.tool_calls ?? []).slice(0, site.position).map((call) => call.function.name) : [];
}

// English only: these readings are measured on English transcripts, and none is kept.
const OBJECTS = /^\W*(no|nope|wait|actually|hmm|that'?s (not|wrong)|that is (not|wrong))\b/i;
const APOLOGISES = /\b(apologi[sz]e|apologies|sorry|my mistake|my error|i made an error)\b/i;

export const WRITE_SIGNALS: readonly WriteSignal[] = [
  {
    id: "values-in-conversation",
    reads: "every identifying argument value occurs in an earlier message (any role, earlier calls' arguments included)",
    test: (transcript, site) => everyValueIn(site, before(transcript, site)),
  },
  {
    id: "values-from-others",
    reads: "every identifying argument value occurs in an earlier system, user or tool message (not only in the agent's words)",
    test: (transcript, site) => everyValueIn(site, before(transcript, site).filter((message) => message.role !== "assistant")),
  },
  {
    id: "user-confirmed",
    reads: "the user agreed to what the assistant said it would do (the judge's userConfirmed)",
    test: (transcript, site) => {
      const tool = transcript.tools.find((candidate) => candidate.function.name === site.toolName);
      return userConfirmed(before(transcript, site), tool ? toolKind(tool).verb : null).confirmed;
    },
  },
  {
    id: "first-change",
    reads: "no earlier call changed state",
    test: (transcript, site) =>
      !before(transcript, site).some((message) => message.role === "assistant" && (message.tool_calls ?? []).some((call) => changesState(transcript, call.function.name))) &&
      !earlierInSameMessage(transcript, site).some((name) => changesState(transcript, name)),
  },
  {
    id: "same-tool-later",
    reads: "the agent calls the same tool again later",
    test: (transcript, site) => laterCalls(transcript, site).some((call) => call.function.name === site.toolName),
  },
  {
    id: "later-change-same-value",
    reads: "a later state-changing call shares an identifying value with this one",
    test: (transcript, site) => {
      const values = valuesOf(site);
      return laterCalls(transcript, site).some(
        (call) => changesState(transcript, call.function.name) && values.some((value) => call.function.arguments.toLowerCase().includes(value)),
      );
    },
  },
  {
    id: "user-objects-next",
    reads: "the user's next turn opens with an objection (English)",
    test: (transcript, site) => OBJECTS.test(nextUserTurn(transcript, site) ?? ""),
  },
  {
    id: "agent-apologises-later",
    reads: "the assistant later apologises or admits a mistake (English)",
    test: (transcript, site) =>
      after(transcript, site).some((message) => message.role === "assistant" && typeof message.content === "string" && APOLOGISES.test(message.content)),
  },
];

export interface Reading {
  right: boolean;
  rejected: boolean;
  signals: boolean[];
  category: string;
}

export interface Ceiling {
  /**
   * The best balanced accuracy any verdict computed from the readings alone can reach on these
   * writes; NaN when they are all right or all wrong (balanced accuracy needs both).
   */
  balanced: number;
  /** Distinct combinations of readings seen. */
  cells: number;
}

/**
 * The best balanced accuracy of any function of the readings, chosen on the very writes it is
 * measured on (so an optimistic bound: it may fit noise). Writes with the same readings must get
 * the same verdict; each combination gets the verdict that serves balanced accuracy best.
 */
export function ceiling(readings: readonly Reading[], bitsOf: (reading: Reading) => readonly boolean[]): Ceiling {
  const cells = new Map<string, { right: number; wrong: number }>();
  let right = 0;
  let wrong = 0;
  for (const reading of readings) {
    const key = bitsOf(reading).map((bit) => (bit ? "1" : "0")).join("");
    const cell = cells.get(key) ?? { right: 0, wrong: 0 };
    if (reading.right) {
      cell.right++;
      right++;
    } else {
      cell.wrong++;
      wrong++;
    }
    cells.set(key, cell);
  }
  if (right === 0 || wrong === 0) return { balanced: Number.NaN, cells: cells.size };
  let passedRight = 0;
  let failedWrong = 0;
  for (const cell of cells.values()) {
    if (cell.wrong / wrong > cell.right / right) failedWrong += cell.wrong;
    else passedRight += cell.right;
  }
  return { balanced: (passedRight / right + failedWrong / wrong) / 2, cells: cells.size };
}
