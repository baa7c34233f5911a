import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, JsonObject, JsonValue } from "@/lib/transcripts/types";
import type { CallView, JudgedCall } from "../types";
import { messageEvidence, type TextEvidence } from "./evidence";
import { numbersInText } from "./text/numbers";

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
  /** True for calls of the same assistant message as the judged call. */
  sibling: boolean;
}

/** Everything the checks read about one call, computed lazily and once. */
export class CallContext {
  readonly call: JudgedCall;
  readonly tool: CanonicalTool | undefined;
  /** Parsed arguments, or undefined when they are not valid JSON. */
  readonly args: JsonValue | undefined;
  private cache = new Map<unknown, unknown>();

  constructor(readonly view: CallView) {
    this.call = view.call;
    this.tool = view.tools.find((tool) => tool.function.name === view.call.toolName);
    this.args = view.call.arguments.ok ? view.call.arguments.value : undefined;
  }

  /** Computes once per context; `key` is a name or an object such as a check. */
  memo<T>(key: unknown, compute: () => T): T {
    const known = this.cache.get(key);
    if (known !== undefined || this.cache.has(key)) return known as T;
    const value = compute();
    this.cache.set(key, value);
    return value;
  }

  get argsObject(): JsonObject | undefined {
    const args = this.args;
    return typeof args === "object" && args !== null && !Array.isArray(args) ? args : undefined;
  }

  /** The user's current request: the last user message before the call. */
  get request(): TextEvidence | undefined {
    return this.memo("request", () => {
      const context = this.view.context;
      for (let index = context.length - 1; index >= 0; index--) {
        if (context[index].role === "user") return messageEvidence(context[index], index);
      }
      return undefined;
    });
  }

  /** Texts an argument may come from: system and user messages and earlier tool results. */
  get sources(): TextEvidence[] {
    return this.memo("sources", () => {
      const sources: TextEvidence[] = [];
      this.view.context.forEach((message, index) => {
        if (message.role !== "assistant") sources.push(messageEvidence(message, index));
      });
      return sources;
    });
  }

  /** Tool calls made before the judged one: earlier turns and earlier parallel calls. */
  get earlierCalls(): EarlierCall[] {
    return this.memo("earlierCalls", () => {
      const found: EarlierCall[] = [];
      this.view.context.forEach((message, messageIndex) => {
        if (message.role === "assistant") for (const call of message.tool_calls ?? []) found.push({ call, messageIndex, sibling: false });
      });
      (this.view.assistant.tool_calls ?? []).slice(0, this.call.position).forEach((call) =>
        found.push({ call, messageIndex: this.call.messageIndex, sibling: true }),
      );
      return found;
    });
  }

  /**
   * Numbers the whole assistant message passes (all its parallel calls, numbers inside strings
   * included): a number the request states that none of them uses was dropped or replaced.
   */
  get usedNumbers(): number[] {
    return this.memo("usedNumbers", () => numbersUsedBy(this.view.assistant));
  }

  get leaves(): Leaf[] {
    return this.memo("leaves", () => {
      const found: Leaf[] = [];
      const parameters = this.tool?.function.parameters;
      if (this.args !== undefined) collectLeaves(this.args, parameters, "", "", found);
      return found;
    });
  }
}

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}

function collectLeaves(value: JsonValue, schema: JsonObject | undefined, path: string, key: string, into: Leaf[]): void {
  if (Array.isArray(value)) {
    const items = schema?.items;
    value.forEach((item, index) => {
      const itemSchema = Array.isArray(items) ? asObject(items[index]) : asObject(items);
      collectLeaves(item, itemSchema, `${path}[${index}]`, key, into);
    });
  } else if (typeof value === "object" && value !== null) {
    const properties = asObject(schema?.properties);
    for (const [name, child] of Object.entries(value)) {
      collectLeaves(child, asObject(properties?.[name]), path ? `${path}.${name}` : name, name, into);
    }
  } else {
    into.push({ path, key, value, schema });
  }
}

export function isUserTurn(message: CanonicalMessage): boolean {
  return message.role === "user";
}

const usedByMessage = new WeakMap<object, number[]>();

function numbersUsedBy(message: CallView["assistant"]): number[] {
  const cached = usedByMessage.get(message);
  if (cached) return cached;
  const used: number[] = [];
  const visit = (value: JsonValue) => {
    if (typeof value === "number") used.push(value);
    else if (typeof value === "string") {
      if (/\d/.test(value)) for (const number of numbersInText(value)) used.push(number);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  for (const call of message.tool_calls ?? []) {
    try {
      visit(JSON.parse(call.function.arguments) as JsonValue);
    } catch {
      // Unparseable arguments use no numbers.
    }
  }
  usedByMessage.set(message, used);
  return used;
}
