/** Small builders of call views for the checks' unit tests. */
import { parseArguments } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, JsonObject, JsonValue } from "@/lib/transcripts/types";
import type { AssistantMessage, CallView, HindsightView, ImmediateView, ToolMessage } from "@/lib/judging/judges/types";
import type { Check, CheckHit } from "../check";
import { CallContext } from "../context";

export function tool(name: string, properties: JsonObject = {}, required: string[] = [], description = ""): CanonicalTool {
  return { type: "function", function: { name, description, parameters: { type: "object", properties, required } } };
}

export function toolCall(id: string, name: string, args: JsonValue | string): CanonicalToolCall {
  return { id, type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } };
}

export interface ViewSpec {
  tools: CanonicalTool[];
  calls: CanonicalToolCall[];
  /** The user's request; omitted when `context` is given. */
  user?: string;
  /** Messages before the assistant message; defaults to one user message. */
  context?: CanonicalMessage[];
  /** Position of the judged call in the assistant message. */
  judged?: number;
  content?: string | null;
}

export function immediate(spec: ViewSpec): ImmediateView {
  const context = spec.context ?? [{ role: "user", content: spec.user ?? "" }];
  const assistant: AssistantMessage = { role: "assistant", content: spec.content ?? null, tool_calls: spec.calls };
  const position = spec.judged ?? 0;
  const call = spec.calls[position];
  return {
    mode: "immediate",
    context,
    assistant,
    tools: spec.tools,
    call: {
      callId: call.id,
      messageIndex: context.length,
      position,
      ordinal: position + 1,
      toolName: call.function.name,
      rawArguments: call.function.arguments,
      arguments: parseArguments(call.function.arguments),
    },
  };
}

/** `following` defaults to the response alone; give it to add other tool results or an answer. */
export function hindsight(spec: ViewSpec & { response: string; following?: CanonicalMessage[] }): HindsightView {
  const base = immediate(spec);
  const message: ToolMessage = { role: "tool", tool_call_id: base.call.callId, content: spec.response };
  const following = spec.following ? [message, ...spec.following] : [message];
  return { ...base, mode: "hindsight", response: { index: base.call.messageIndex + 1, message }, following };
}

/** Runs one check on a view, as the judge does. */
export function hitsOf(check: Check, view: CallView): CheckHit[] {
  return check.run(new CallContext(view));
}
