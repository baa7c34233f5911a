/**
 * Structural readings of one state-changing call in its transcript, none naming a domain, a tool
 * or a dataset: what a rule-based judge could read, to learn whether any of it tells a right write
 * from a wrong one when the tool accepted both (bench/research/bench-write-signals.ts, issue 11).
 */
import { userConfirmed } from "@/lib/judging/judges/checks/conversation";
import { isError, responseStatus } from "@/lib/judging/judges/checks/response-status";
import { transcriptCalls, type TranscriptCall } from "@/lib/judging/judges/agent/calls";
import type { CanonicalMessage, CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import { scalars } from "./bench-agent-candidates";

/** One labelled call in its transcript, with every call of the transcript read once (`transcriptCalls`). */
export interface WriteContext {
  transcript: CanonicalTranscript;
  site: ToolCallSite;
  calls: readonly TranscriptCall[];
}

export interface WriteSignal {
  id: string;
  /** What it reads, for the report. */
  reads: string;
  test(context: WriteContext): boolean;
}

export function writeContexts(transcript: CanonicalTranscript, sites: readonly ToolCallSite[]): WriteContext[] {
  const calls = transcriptCalls(transcript);
  return sites.map((site) => ({ transcript, site, calls }));
}

/** Whether the tool's response says the call failed (the judge's own reading of responses). */
export function rejected(site: ToolCallSite): boolean {
  return site.response !== null && isError(responseStatus(site.response));
}

/**
 * The argument values that identify something, lower-cased: scalars of three characters or more,
 * as the candidate `ungrounded-write-value` reads them. Flags, counts and single letters say too
 * little to trace.
 */
const valuesOf = (site: ToolCallSite) =>
  site.arguments.ok ? scalars(site.arguments.value).map((value) => value.trim().toLowerCase()).filter((value) => value.length >= 3) : [];

/** A message as text a value can be found in: its words and, for the assistant, its calls' arguments. */
function messageText(message: CanonicalMessage): string {
  const calls = message.role === "assistant" ? (message.tool_calls ?? []).map((call) => call.function.arguments).join("\n") : "";
  return `${message.content ?? ""}\n${calls}`.toLowerCase();
}

function everyValueIn(site: ToolCallSite, messages: readonly CanonicalMessage[]): boolean {
  const text = messages.map(messageText).join("\n");
  return valuesOf(site).every((value) => text.includes(value));
}

const before = ({ transcript, site }: WriteContext) => transcript.messages.slice(0, site.messageIndex);
const after = ({ transcript, site }: WriteContext) => transcript.messages.slice(site.messageIndex + 1);

/** Whether a call of the transcript comes after the labelled one (a later message, or later among parallel calls). */
const isLater = (call: TranscriptCall, { site }: WriteContext) => call.messageIndex > site.messageIndex || (call.messageIndex === site.messageIndex && call.position > site.position);
const isEarlier = (call: TranscriptCall, { site }: WriteContext) => call.messageIndex < site.messageIndex || (call.messageIndex === site.messageIndex && call.position < site.position);

function nextUserTurn(context: WriteContext): string | null {
  const next = after(context).find((message) => message.role === "user");
  return next ? next.content : null;
}

// English only: these readings are measured on English transcripts, and none is kept.
const OBJECTS = /^\W*(no|nope|wait|actually|hmm|that'?s (not|wrong)|that is (not|wrong))\b/i;
const APOLOGISES = /\b(apologi[sz]e|apologies|sorry|my mistake|my error|i made an error)\b/i;

export const WRITE_SIGNALS: readonly WriteSignal[] = [
  {
    id: "values-in-conversation",
    reads: "every identifying argument value occurs in an earlier message (any role, earlier calls' arguments included)",
    test: (context) => everyValueIn(context.site, before(context)),
  },
  {
    id: "values-from-others",
    reads: "every identifying argument value occurs in an earlier system, user or tool message (not only in the agent's words)",
    test: (context) => everyValueIn(context.site, before(context).filter((message) => message.role !== "assistant")),
  },
  {
    id: "user-confirmed",
    reads: "the user agreed to what the assistant said it would do (the judge's userConfirmed)",
    test: (context) => {
      const own = context.calls.find((call) => call.messageIndex === context.site.messageIndex && call.position === context.site.position);
      return userConfirmed(before(context), own?.verb ?? null).confirmed;
    },
  },
  {
    id: "first-change",
    reads: "no earlier call changed state",
    test: (context) => !context.calls.some((call) => call.changesState && isEarlier(call, context)),
  },
  {
    id: "same-tool-later",
    reads: "the agent calls the same tool again later",
    test: (context) => context.calls.some((call) => isLater(call, context) && call.call.function.name === context.site.toolName),
  },
  {
    id: "later-change-same-value",
    reads: "a later state-changing call shares an identifying value with this one",
    test: (context) => {
      const values = valuesOf(context.site);
      return context.calls.some(
        (call) => call.changesState && isLater(call, context) && values.some((value) => call.call.function.arguments.toLowerCase().includes(value)),
      );
    },
  },
  {
    id: "user-objects-next",
    reads: "the user's next turn opens with an objection (English)",
    test: (context) => OBJECTS.test(nextUserTurn(context) ?? ""),
  },
  {
    id: "agent-apologises-later",
    reads: "the assistant later apologises or admits a mistake (English)",
    test: (context) => after(context).some((message) => message.role === "assistant" && typeof message.content === "string" && APOLOGISES.test(message.content)),
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
