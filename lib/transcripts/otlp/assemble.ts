import { toolMessage, transcriptOf } from "../formats/canonical-builders";
import { canonicalJson } from "../hash";
import type { ImportWarning } from "../import-types";
import type { CanonicalMessage, CanonicalTool, CanonicalTranscript, JsonObject, JsonValue } from "../types";
import { type LlmCall, type Problems, readLlmSpan, readToolSpan, sessionIdOf, spanRole, type ToolRun } from "./conventions";
import { compareNs, type OtelSpan } from "./span";

export interface AssembleOptions {
  /** Span or resource attributes copied into the transcript's metadata (`attributes`). */
  metadataAttributes?: readonly string[];
  /** Where the trace can be seen again, by trace id (Callboard's own span view, or a tracing UI). */
  traceLinks?: (traceId: string) => Record<string, string>;
}

export type Assembled =
  | { ok: true; transcript: CanonicalTranscript; warnings: ImportWarning[]; traceIds: string[]; sessionId: string | null; llmSpans: number; toolSpans: number }
  | { ok: false; code: "no_llm_span"; message: string; traceIds: string[] };

/** Spans in the order they started; ties by span id so that the result never depends on arrival order. */
function byStart(a: OtelSpan, b: OtelSpan): number {
  return compareNs(a.startNs, b.startNs) || (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0);
}

/**
 * One transcript from the spans of one trace (or of every trace of one session): the LLM spans'
 * conversations, merged in the order they started; the tool spans' results and statuses as the
 * responses of the calls they ran; tool definitions from every LLM span; the trace as metadata.
 * Pure and deterministic: the same spans, in any order, give the same transcript.
 */
export function assembleTranscript(input: OtelSpan[], options: AssembleOptions = {}): Assembled {
  const spans = [...input].sort(byStart);
  const traceIds = [...new Set(spans.map((s) => s.traceId))];
  const problems: Problems = [];
  const llm: LlmCall[] = [];
  const tools: ToolRun[] = [];
  for (const span of spans) {
    const role = spanRole(span);
    if (role === "llm") llm.push(readLlmSpan(span, problems));
    else if (role === "tool") tools.push(readToolSpan(span, problems));
  }
  if (llm.length === 0) {
    return {
      ok: false,
      code: "no_llm_span",
      traceIds,
      message: `trace ${traceIds.join(", ")}: none of its ${spans.length} span${spans.length === 1 ? "" : "s"} is an LLM span (OpenInference \`openinference.span.kind\` LLM, GenAI \`gen_ai.input.messages\` / \`gen_ai.operation.name\` chat, or OpenLLMetry \`gen_ai.prompt.*\`), so there is no conversation to judge`,
    };
  }
  const warnings: ImportWarning[] = [];
  const messages = mergeConversations(llm, warnings);
  attachToolRuns(messages, tools, warnings);
  for (const p of problems) {
    const span = spans.find((s) => s.spanId === p.spanId);
    warnings.push({ code: "span_attribute", message: `span ${p.spanId}${span ? ` (${span.name})` : ""}: \`${p.attribute}\` ${p.message}`, location: { path: `spans[${p.spanId}].attributes.${p.attribute}` } });
  }
  const sessionId = spans.map(sessionIdOf).find((id) => id !== null) ?? null;
  const transcript = transcriptOf({ messages, tools: offeredTools(llm), metadata: metadataOf(spans, llm, traceIds, sessionId, options) });
  return { ok: true, transcript, warnings, traceIds, sessionId, llmSpans: llm.length, toolSpans: tools.length };
}

/** Role, text and call ids: what makes two messages of two LLM spans' inputs the same message. */
function messageKey(m: CanonicalMessage): string {
  const calls = m.role === "assistant" ? (m.tool_calls ?? []).map((c) => `${c.id}:${c.function.name}`).join(",") : "";
  const id = m.role === "tool" ? m.tool_call_id : "";
  return `${m.role}\u0000${(m.content ?? "").trim()}\u0000${calls}\u0000${id}`;
}

/**
 * Agent loops send the whole conversation so far to every LLM call: each input normally extends
 * the conversation built so far, and only its new messages (then its output) are added. An input
 * that does not (history trimmed, a sub-agent with its own prompt) adds the messages past the
 * common beginning, with a warning, so nothing any span said is lost.
 */
function mergeConversations(calls: LlmCall[], warnings: ImportWarning[]): CanonicalMessage[] {
  const conversation: CanonicalMessage[] = [];
  const keys: string[] = [];
  const add = (m: CanonicalMessage) => {
    conversation.push(m);
    keys.push(messageKey(m));
  };
  for (const call of calls) {
    let common = 0;
    while (common < call.input.length && common < keys.length && messageKey(call.input[common]) === keys[common]) common++;
    if (common < keys.length && call.input.length > 0) {
      // The input may instead repeat the conversation's last messages (a trimmed history): skip those.
      const tail = overlapWithEnd(keys, call.input.map(messageKey));
      if (tail > 0) common = tail;
      else warnings.push({ code: "tool_span", message: `LLM span ${call.span.spanId} (${call.span.name}) does not continue the conversation of the spans before it; its input messages are added after them`, location: { messageIndex: conversation.length } });
    }
    for (let i = common; i < call.input.length; i++) {
      // A system prompt repeated by a later call in the middle of the conversation adds nothing.
      if (call.input[i].role === "system" && conversation.length > 0 && keys.includes(messageKey(call.input[i]))) continue;
      add(call.input[i]);
    }
    for (const m of call.output) add(m);
  }
  return conversation;
}

/** The longest n such that the last n conversation keys equal the first n input keys. */
function overlapWithEnd(keys: string[], input: string[]): number {
  for (let n = Math.min(keys.length, input.length); n > 0; n--) {
    let same = true;
    for (let i = 0; i < n && same; i++) same = keys[keys.length - n + i] === input[i];
    if (same) return n;
  }
  return 0;
}

function errorText(run: ToolRun): string {
  return `Error: ${run.error}`;
}

/**
 * A tool span is the truth about the call it ran: it answers the call with the same id, else the
 * first unanswered-by-a-span call of the same tool. When the conversation has no tool message for
 * the call (the trace ended after the tool ran), the span's result becomes one; when it has one
 * and the span failed, the message is marked as an error, as an Anthropic `is_error` result is.
 */
function attachToolRuns(messages: CanonicalMessage[], runs: ToolRun[], warnings: ImportWarning[]): void {
  const calls: CallSlot[] = [];
  messages.forEach((m, messageIndex) => {
    if (m.role === "assistant") for (const c of m.tool_calls ?? []) calls.push({ id: c.id, name: c.function.name, arguments: normalisedArguments(c.function.arguments), messageIndex, taken: false });
  });
  const inserts: { after: number; message: CanonicalMessage }[] = [];
  for (const run of runs) {
    const call = matchCall(calls, run);
    if (!call) {
      warnings.push({ code: "tool_span", message: `tool span ${run.span.spanId} (\`${run.name}\`${run.callId ? `, call \`${run.callId}\`` : ""}) answers no tool call of the conversation; left out`, location: run.callId ? { callId: run.callId } : {} });
      continue;
    }
    call.taken = true;
    const existing = messages.findIndex((m, i) => i > call.messageIndex && m.role === "tool" && m.tool_call_id === call.id);
    if (existing !== -1) {
      const m = messages[existing];
      if (run.error && m.role === "tool" && !/^error\b/i.test(m.content)) messages[existing] = toolMessage(`${errorText(run)}\n${m.content}`.trim(), call.id, m.name);
      continue;
    }
    const content = run.error ? `${errorText(run)}${run.result ? `\n${run.result}` : ""}` : (run.result ?? "");
    inserts.push({ after: call.messageIndex, message: toolMessage(content, call.id) });
  }
  // Insert after the assistant message and the tool messages already answering it, last first so indexes hold.
  inserts.sort((a, b) => b.after - a.after);
  const grouped = new Map<number, CanonicalMessage[]>();
  for (const { after, message } of inserts) grouped.set(after, [...(grouped.get(after) ?? []), message]);
  for (const [after, list] of [...grouped].sort((a, b) => b[0] - a[0])) {
    let at = after + 1;
    while (at < messages.length && messages[at].role === "tool") at++;
    messages.splice(at, 0, ...list.reverse());
  }
}

interface CallSlot {
  id: string;
  name: string;
  arguments: string;
  messageIndex: number;
  taken: boolean;
}

/**
 * The call a tool span ran: by call id when the span has one that the conversation knows; else,
 * among the calls of the same tool not yet matched, the first with the same arguments (parallel
 * calls of one tool differ by them), else the first.
 */
function matchCall(calls: CallSlot[], run: ToolRun): CallSlot | undefined {
  if (run.callId && calls.some((c) => c.id === run.callId)) return calls.find((c) => !c.taken && c.id === run.callId);
  const open = calls.filter((c) => !c.taken && c.name === run.name);
  const args = run.arguments === undefined ? undefined : normalisedArguments(run.arguments);
  return open.find((c) => c.arguments === args) ?? open[0];
}

/** Arguments compared as parsed JSON, so spacing and key order do not matter. */
function normalisedArguments(raw: string): string {
  try {
    return canonicalJson(JSON.parse(raw));
  } catch {
    return raw.trim();
  }
}

/** Every tool offered to any LLM call, once by name (the first definition wins). */
function offeredTools(calls: LlmCall[]): CanonicalTool[] {
  const byName = new Map<string, CanonicalTool>();
  for (const call of calls) for (const tool of call.tools) if (!byName.has(tool.function.name)) byName.set(tool.function.name, tool);
  return [...byName.values()];
}

function nsToIso(ns: string): string | null {
  const ms = Number(BigInt(ns) / 1_000_000n);
  return ms > 0 && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function metadataOf(spans: OtelSpan[], llm: LlmCall[], traceIds: string[], sessionId: string | null, options: AssembleOptions): JsonObject {
  const root = spans.find((s) => s.parentSpanId === null || !spans.some((o) => o.spanId === s.parentSpanId)) ?? spans[0];
  const service = spans.map((s) => s.resource["service.name"]).find((v): v is string => typeof v === "string");
  const models = [...new Set(llm.map((c) => c.model).filter((m): m is string => m !== undefined))];
  const trace: JsonObject = { traceId: traceIds[0], spans: spans.length, rootSpan: root.name };
  if (traceIds.length > 1) trace.traceIds = traceIds;
  const started = nsToIso(spans[0].startNs);
  if (started) trace.startedAt = started;
  if (options.traceLinks) Object.assign(trace, options.traceLinks(traceIds[0]));
  const metadata: JsonObject = { source: "opentelemetry", trace };
  if (service) metadata.service = service;
  if (models.length === 1) metadata.model = models[0];
  else if (models.length > 1) metadata.models = models;
  if (sessionId) metadata.sessionId = sessionId;
  const marked: JsonObject = {};
  for (const key of options.metadataAttributes ?? []) {
    const span = spans.find((s) => key in s.attributes) ?? spans.find((s) => key in s.resource);
    const value: JsonValue | undefined = span ? (span.attributes[key] ?? span.resource[key]) : undefined;
    if (value !== undefined) marked[key] = value;
  }
  if (Object.keys(marked).length > 0) metadata.attributes = marked;
  return metadata;
}
