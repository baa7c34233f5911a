import type { PyValue } from "./py-value";

/** A reference as the matchers use it, its values read as Python reads them (see py-value.ts). */
export interface Reference {
  steps: ReferenceStep[];
  match: MatchOptions;
}

export interface ReferenceStep {
  /** The step's calls may come in any order (BFCL's parallel categories). */
  anyOrder: boolean;
  calls: ReferenceCall[];
}

export interface ReferenceCall {
  name: string;
  /** Literal values; null when the call gives `allowed` instead. */
  args: ReadonlyMap<string, PyValue> | null;
  /** BFCL's possible answer: per argument, every value that passes; "" where it may be left out. */
  allowed: ReadonlyMap<string, readonly PyValue[]> | null;
  optional: boolean;
  /** Argument paths compared (all when null) and skipped: `flights.price` walks into every flight. */
  compare: readonly string[] | null;
  ignore: readonly string[];
  /** Source types by parameter, for Java and JavaScript: "long", "ArrayList<String>". */
  types: Readonly<Record<string, string>>;
}

export type Trajectory = "strict" | "unordered" | "subset" | "superset";
export type ArgsMode = "exact" | "ignore" | "subset" | "superset";

export interface MatchOptions {
  preset: "bfcl" | null;
  language: "python" | "java" | "javascript";
  trajectory: Trajectory;
  args: ArgsMode;
  strings: "exact" | "bfcl";
  numbers: "typed" | "value";
  freeTools: ReadonlySet<string>;
  overrides: Readonly<Record<string, { compare?: readonly string[]; ignore?: readonly string[] }>>;
}

/** Why a call or a transcript does not match, as the format names it. */
export type ReferenceReasonCode =
  | "wrong_function"
  | "missing_required"
  | "unexpected_param"
  | "wrong_type"
  | "wrong_value"
  | "unexpected_call"
  | "wrong_count"
  | "decoder_failed"
  | "missing_call";

export interface ReferenceReason {
  code: ReferenceReasonCode;
  /** JSON path of the argument, "" for the call as a whole. */
  path: string;
  expected: string;
  actual: string;
  message: string;
}

export type CallVerdict =
  | { status: "pass"; step: number; call: number }
  | { status: "fail"; reason: ReferenceReason; step: number | null; call: number | null }
  | { status: "not-applicable"; explanation: string };

export interface TranscriptVerdict {
  passed: boolean;
  reasons: ReferenceReason[];
  /** BFCL's own error type, under the bfcl preset: what its leaderboard would report. */
  bfclErrorType: string | null;
  /** Per reference step and call: the ordinal (1-based) of the call that performed it, or null. */
  performedBy: (number | null)[][];
}

export interface ReferenceMatch {
  /** By call ordinal (1-based, transcript order). */
  calls: Map<number, CallVerdict>;
  transcript: TranscriptVerdict;
}

/** What the matchers need of a transcript's calls, whatever its format. */
export interface CallToMatch {
  /** 1-based, in transcript order. */
  ordinal: number;
  /** The assistant message that holds it: BFCL's steps are turns. */
  messageIndex: number;
  name: string;
  rawArguments: string;
  /** The tool answered with an error: the call matches but does not perform its reference call. */
  failed: boolean;
  /**
   * Index of the message that answers the call, or null. A call counts as performing its reference
   * call until an error answer arrives: its parallel siblings, judged before any answer, see it done.
   * So a call's verdict depends only on the transcript up to its own message, whatever follows.
   */
  respondedAt: number | null;
}

export interface ToolToMatch {
  name: string;
  parameters: unknown;
}
