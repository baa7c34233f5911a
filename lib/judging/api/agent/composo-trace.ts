import type { AgentInstance, LlmInput, LlmInteraction, LlmOutput } from "./composo-trace-schema";

type ChatToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
type ChatTool = { type: "function"; function: { name: string; description: string; parameters: unknown } };

export interface ChatBody {
  messages: ChatMessage[];
  tools: ChatTool[];
}

export type InstanceConversion = { ok: true; body: ChatBody | null } | { ok: false; path: string; message: string };

// Reasoning is the model's scratch work, not something it said or did: judging it as an answer would mislead.
const REASONING = /think|reason/i;

type Piece = LlmInput | (LlmOutput & { role?: undefined });

// A message as the SDK compares them to drop repeated history: role, type and content, case and spaces aside.
function keyOf(piece: Piece): string {
  const content = typeof piece.content === "string" ? piece.content.trim().toLowerCase() : JSON.stringify(piece.content);
  return `${(piece.role ?? "assistant").trim().toLowerCase()}|${(piece.type ?? "").trim().toLowerCase()}|${content}`;
}

/**
 * Each interaction's input usually repeats the conversation so far. Its leading messages that
 * follow, in order, what the instance already had (earlier inputs and outputs, some of which
 * may not be repeated, such as reasoning) are that history; the first one that does not is new,
 * and so is everything after it. Later repeats of a message ("yes") are kept: only the prefix is history.
 */
function newInputs(history: string[], current: LlmInteraction): LlmInput[] {
  let at = 0;
  for (const [index, message] of current.input_messages.entries()) {
    const found = history.indexOf(keyOf(message), at);
    if (found < 0) return current.input_messages.slice(index);
    at = found + 1;
  }
  return [];
}

/** Builds OpenAI chat messages, merging consecutive assistant text and calls into one message (parallel calls). */
class ChatBuilder {
  readonly messages: ChatMessage[] = [];
  private readonly unanswered: string[] = [];

  add(role: string, piece: Piece): void {
    if (piece.type && REASONING.test(piece.type)) return;
    const { content } = piece;
    if (typeof content !== "string" && "response" in content && typeof content.response === "string") {
      this.answer(content.id, content.response);
    } else if (typeof content !== "string" && typeof content.parameters === "string" && typeof content.name === "string") {
      this.assistant(null, { id: content.id, type: "function", function: { name: content.name, arguments: content.parameters } });
    } else if (typeof content === "string") {
      this.text(role.trim().toLowerCase(), content);
    }
  }

  private text(role: string, content: string): void {
    if (role === "system" || role === "developer") this.messages.push({ role: "system", content });
    else if (role === "assistant" || role === "model") this.assistant(content, null);
    // A tool result given as plain text has no call id: it answers the oldest call still waiting.
    else if (role === "tool" || role === "function") {
      const id = this.unanswered[0];
      if (id) this.answer(id, content);
      else this.messages.push({ role: "user", content });
    } else this.messages.push({ role: "user", content });
  }

  private answer(id: string, content: string): void {
    const waiting = this.unanswered.indexOf(id);
    if (waiting >= 0) this.unanswered.splice(waiting, 1);
    this.messages.push({ role: "tool", tool_call_id: id, content });
  }

  private assistant(text: string | null, call: ChatToolCall | null): void {
    const last = this.messages.at(-1);
    // Text after a call starts a new message: what the model said once the call was made.
    const mergeable = last?.role === "assistant" && (call !== null || !last.tool_calls?.length);
    const target = mergeable ? last : ({ role: "assistant", content: null } as Extract<ChatMessage, { role: "assistant" }>);
    if (!mergeable) this.messages.push(target);
    if (text !== null) target.content = target.content ? `${target.content}\n${text}` : text;
    if (call) {
      target.tool_calls = [...(target.tool_calls ?? []), call];
      this.unanswered.push(call.id);
    }
  }
}

/**
 * One agent instance of the SDK's trace as an OpenAI chat transcript: its interactions in order,
 * repeated history dropped, the tools it was offered (once each). Null for an instance that only
 * invoked sub-agents: it has nothing of its own to judge (the SDK skips those too).
 */
export function agentInstanceToChat(instance: AgentInstance, path: string): InstanceConversion {
  const interactions = instance.interactions.flatMap((interaction, index) => (typeof interaction === "string" ? [] : [{ interaction, index }]));
  if (!interactions.length) return { ok: true, body: null };
  const chat = new ChatBuilder();
  const tools = new Map<string, ChatTool>();
  const history: string[] = [];
  for (const { interaction, index } of interactions) {
    const inputs = newInputs(history, interaction);
    for (const message of inputs) chat.add(message.role, message);
    for (const output of interaction.output_messages) chat.add("assistant", output);
    history.push(...inputs.map(keyOf), ...interaction.output_messages.map(keyOf));
    for (const [toolIndex, tool] of (interaction.tools_available ?? []).entries()) {
      if (tools.has(tool.name)) continue;
      const parameters = parseSchema(tool.parameters);
      if (parameters === undefined) {
        return { ok: false, path: `${path}.interactions[${index}].tools_available[${toolIndex}].parameters`, message: "expected the tool's JSON Schema as a JSON string" };
      }
      tools.set(tool.name, { type: "function", function: { name: tool.name, description: tool.description, parameters } });
    }
  }
  return { ok: true, body: { messages: chat.messages, tools: [...tools.values()] } };
}

function parseSchema(text: string): unknown {
  if (!text.trim()) return { type: "object", properties: {} };
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
