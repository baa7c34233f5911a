import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, JsonObject, JsonValue } from "@/lib/transcripts/types";
import type { CallView, JudgedCall } from "../types";
import type { CheckHit } from "./hit";
import { isAffirmative } from "./conversation";
import { messageEvidence, TextEvidence } from "./evidence";
import { isError, responseStatus } from "./response-status";
import { asJsonObject } from "./json";
import { numbersInText } from "./text/numbers";
import { callKey, pairResponses, type ResponsePairing } from "@/lib/transcripts/pair-responses";

/** A scalar inside the arguments, with the schema that declares it (if any). */
export interface Leaf {
  path: string;
  /** Nearest property name: "id" for "items[0].id". */
  key: string;
  value: string | number | boolean | null;
  /** The declaring (original, un-normalised) property schema. */
  schema: JsonObject | undefined;
}

export interface EarlierCall {
  call: CanonicalToolCall;
  messageIndex: number;
  /** Its index among the calls of its assistant message. */
  position: number;
  /** True for calls of the same assistant message as the judged call. */
  sibling: boolean;
}

/** Everything the checks read about one call, computed lazily and once. */
/** What the context needs of a check (check.ts): running it on a call. */
interface RunsOnCall {
  run(context: CallContext): CheckHit[];
}

export class CallContext {
  readonly call: JudgedCall;
  readonly tool: CanonicalTool | undefined;
  /** Parsed arguments, or undefined when they are not valid JSON. */
  readonly args: JsonValue | undefined;
  // Checks that ran and their hits, shared by every criterion that runs them; and what each
  // list of checks concluded (the judge's own memo, opaque here). A call meets a handful of
  // checks and one or two outcomes: short parallel lists beat maps, built for every call.
  private readonly ranChecks: RunsOnCall[] = [];
  private readonly ranHits: CheckHit[][] = [];
  private readonly outcomeKeys: string[] = [];
  private readonly outcomes: unknown[] = [];

  constructor(readonly view: CallView) {
    this.call = view.call;
    this.tool = view.tools.find((tool) => tool.function.name === view.call.toolName);
    this.args = view.call.arguments.ok ? view.call.arguments.value : undefined;
  }

  /** The check's hits on this call, run once however many criteria include the check. */
  hitsOf(check: RunsOnCall): CheckHit[] {
    const known = this.ranChecks.indexOf(check);
    if (known !== -1) return this.ranHits[known];
    const hits = check.run(this);
    this.ranChecks.push(check);
    this.ranHits.push(hits);
    return hits;
  }

  /** What `compute` concluded for criteria that share `key` (their checks and what counts), computed once per key. */
  outcomeOf<T>(key: string, compute: () => T): T {
    const known = this.outcomeKeys.indexOf(key);
    if (known !== -1) return this.outcomes[known] as T;
    const outcome = compute();
    this.outcomeKeys.push(key);
    this.outcomes.push(outcome);
    return outcome;
  }

  get argsObject(): JsonObject | undefined {
    const args = this.args;
    return typeof args === "object" && args !== null && !Array.isArray(args) ? args : undefined;
  }

  // Each reading is computed on first use and kept in its own field: the checks read them
  // many times per call.
  private cachedRequest?: { evidence: TextEvidence | undefined };
  private cachedSources?: TextEvidence[];
  private cachedEarlierCalls?: EarlierCall[];
  private cachedLeaves?: Leaf[];
  private cachedVisible?: CanonicalMessage[];
  private cachedPairing?: ResponsePairing;

  /** The messages the view shows, at their transcript indices: context, the call's message, and what followed. */
  get visible(): CanonicalMessage[] {
    const view = this.view;
    return (this.cachedVisible ??= view.mode === "hindsight" ? [...view.context, view.assistant, ...view.following] : [...view.context, view.assistant]);
  }

  /** Calls and responses of the visible messages, paired as at import (ids may repeat). */
  get pairing(): ResponsePairing {
    return (this.cachedPairing ??= pairResponses(this.visible));
  }

  /** The visible response of an earlier call, if any. */
  responseTo(call: { messageIndex: number; position: number }): Extract<CanonicalMessage, { role: "tool" }> | undefined {
    const index = this.pairing.responseOf.get(callKey(call.messageIndex, call.position));
    const message = index === undefined ? undefined : this.visible[index];
    return message?.role === "tool" ? message : undefined;
  }

  /** The user's current request: the last user message before the call. */
  get request(): TextEvidence | undefined {
    if (!this.cachedRequest) {
      const context = this.view.context;
      let evidence: TextEvidence | undefined;
      for (let index = context.length - 1; index >= 0; index--) {
        if (context[index].role === "user") {
          evidence = messageEvidence(context[index], index);
          break;
        }
      }
      this.cachedRequest = { evidence };
    }
    return this.cachedRequest.evidence;
  }

  /**
   * Texts an argument may come from: the system prompt, every user turn, every earlier tool
   * result, and what the assistant said that the user then agreed to ("I'll book HAT045 on
   * May 21, shall I?" "Yes"). An error result is read without the values of its own call that it
   * repeats ("reservation SEA2024 not found"): an echo of what the agent sent is no source of it.
   */
  get sources(): TextEvidence[] {
    if (!this.cachedSources) {
      const sources: TextEvidence[] = [];
      const context = this.view.context;
      for (let index = 0; index < context.length; index++) {
        const message = context[index];
        if (message.role === "tool") sources.push(this.withoutEcho(message, index));
        else if (message.role !== "assistant") sources.push(messageEvidence(message, index));
        else if (message.content && agreedTo(context, index)) sources.push(messageEvidence(message, index));
      }
      this.cachedSources = sources;
    }
    return this.cachedSources;
  }

  /**
   * A tool result as a source: an error's text without the values of the call it answers, as
   * written (errors echo what was sent verbatim). Only values and errors of the sizes of ids, names
   * and messages: a longer value is not grounded anyway (MAX_GROUNDED_LENGTH), and searching a long
   * text for long values would not stay linear.
   */
  private withoutEcho(message: Extract<CanonicalMessage, { role: "tool" }>, index: number): TextEvidence {
    const evidence = messageEvidence(message, index);
    const answered = this.pairing.callOf.get(index);
    if (!answered || message.content.length > MAX_ECHOING_ERROR || !isError(responseStatus(message.content))) return evidence;
    const sent = this.visible[answered.messageIndex];
    const call = sent?.role === "assistant" ? sent.tool_calls?.[answered.position] : undefined;
    const echoed = call ? argumentValues(call.function.arguments).filter((value) => value.length >= 3 && value.length <= MAX_ECHOED_VALUE) : [];
    let text = message.content;
    for (const value of echoed) text = text.replaceAll(value, " ");
    return text === message.content ? evidence : new TextEvidence(text, evidence.label);
  }

  /** Tool calls made before the judged one: earlier turns and earlier parallel calls. */
  get earlierCalls(): readonly EarlierCall[] {
    if (!this.cachedEarlierCalls) {
      const found: EarlierCall[] = [];
      const context = this.view.context;
      for (let messageIndex = 0; messageIndex < context.length; messageIndex++) {
        const message = context[messageIndex];
        if (message.role === "assistant") (message.tool_calls ?? []).forEach((call, position) => found.push({ call, messageIndex, position, sibling: false }));
      }
      const siblings = this.view.assistant.tool_calls ?? [];
      for (let position = 0; position < this.call.position && position < siblings.length; position++) {
        found.push({ call: siblings[position], messageIndex: this.call.messageIndex, position, sibling: true });
      }
      this.cachedEarlierCalls = found;
    }
    return this.cachedEarlierCalls;
  }

  /**
   * Numbers the whole assistant message passes (all its parallel calls, numbers inside strings
   * included): a number the request states that none of them uses was dropped or replaced.
   */
  get usedNumbers(): number[] {
    return numbersUsedBy(this.view.assistant);
  }

  get leaves(): Leaf[] {
    if (!this.cachedLeaves) {
      const found: Leaf[] = [];
      const parameters = this.tool?.function.parameters;
      if (this.args !== undefined) collectLeaves(this.args, parameters, "", "", found);
      this.cachedLeaves = found;
    }
    return this.cachedLeaves;
  }
}

function collectLeaves(value: JsonValue, schema: JsonObject | undefined, path: string, key: string, into: Leaf[]): void {
  if (Array.isArray(value)) {
    const items = schema?.items;
    for (let index = 0; index < value.length; index++) {
      const itemSchema = Array.isArray(items) ? asJsonObject(items[index]) : asJsonObject(items);
      collectLeaves(value[index], itemSchema, `${path}[${index}]`, key, into);
    }
  } else if (typeof value === "object" && value !== null) {
    const properties = asJsonObject(schema?.properties);
    for (const name in value) {
      if (Object.hasOwn(value, name)) collectLeaves(value[name], asJsonObject(properties?.[name]), path ? `${path}.${name}` : name, name, into);
    }
  } else {
    into.push({ path, key, value, schema });
  }
}

/** Whether the user's next turn after an assistant message agrees with it. */
function agreedTo(context: readonly CanonicalMessage[], index: number): boolean {
  for (let next = index + 1; next < context.length; next++) {
    const message = context[next];
    if (message.role === "user") return isAffirmative(message.content);
  }
  return false;
}

export function isUserTurn(message: CanonicalMessage): boolean {
  return message.role === "user";
}

const usedByMessage = new WeakMap<object, number[]>();

function collectNumbers(value: JsonValue, used: number[]): void {
  if (typeof value === "number") used.push(value);
  else if (typeof value === "string") {
    if (/\d/.test(value)) for (const number of numbersInText(value)) used.push(number);
  } else if (Array.isArray(value)) {
    for (const item of value) collectNumbers(item, used);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) collectNumbers(item, used);
  }
}

function numbersUsedBy(message: CallView["assistant"]): number[] {
  const cached = usedByMessage.get(message);
  if (cached) return cached;
  const used: number[] = [];
  for (const call of message.tool_calls ?? []) {
    try {
      collectNumbers(JSON.parse(call.function.arguments) as JsonValue, used);
    } catch {
      // Unparseable arguments use no numbers.
    }
  }
  usedByMessage.set(message, used);
  return used;
}

/** Error texts longer than this are dumps (a stack trace, a page), read as they are. */
const MAX_ECHOING_ERROR = 20_000;
/** Values longer than this are documents, not ids, names or codes an error would repeat. */
const MAX_ECHOED_VALUE = 200;

/** The string and number values inside a call's raw arguments (none when they are not JSON). */
function argumentValues(raw: string): string[] {
  const values: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === "string" || typeof value === "number") values.push(String(value));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  try {
    visit(JSON.parse(raw));
  } catch {
    // Arguments that are not JSON hold no values to leave out.
  }
  return values;
}

