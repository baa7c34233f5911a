import type { AssistantMessage, CallView, HindsightView, ImmediateView, JudgedCall, ViewMode } from "@/lib/judging/judges/types";
import type { CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";

export type ViewRequest = ViewMode | "auto";
export type ViewResult = { ok: true; view: CallView } | { ok: false; reason: string };

function judgedCall(site: ToolCallSite): JudgedCall {
  const { response: _response, responseIndex: _responseIndex, ...call } = site;
  return call;
}

function assistantAt(transcript: CanonicalTranscript, site: ToolCallSite): AssistantMessage | string {
  const message = transcript.messages[site.messageIndex];
  if (!message || message.role !== "assistant") return `message ${site.messageIndex} is not the assistant message of call ${site.callId}`;
  if (message.tool_calls?.[site.position]?.id !== site.callId) return `call ${site.callId} is not at position ${site.position} of message ${site.messageIndex}`;
  return message;
}

/** The transcript up to and including the call, before its response exists. */
export function buildImmediateView(transcript: CanonicalTranscript, site: ToolCallSite): ImmediateView | string {
  const assistant = assistantAt(transcript, site);
  if (typeof assistant === "string") return assistant;
  return {
    mode: "immediate",
    context: transcript.messages.slice(0, site.messageIndex),
    assistant,
    call: judgedCall(site),
    tools: transcript.tools,
    // Only when there is one: views are part of cache keys, which must not change for the rest.
    ...(transcript.referenceText ? { referenceText: transcript.referenceText } : {}),
  };
}

/** The immediate view plus the response and what followed, up to the next user turn. */
export function buildHindsightView(transcript: CanonicalTranscript, site: ToolCallSite): HindsightView | string {
  const immediate = buildImmediateView(transcript, site);
  if (typeof immediate === "string") return immediate;
  if (site.responseIndex === null) {
    return `call ${site.callId} (${site.toolName}) has no tool response, so it can only be judged immediately`;
  }
  const message = transcript.messages[site.responseIndex];
  if (!message || message.role !== "tool") return `message ${site.responseIndex} is not a tool response`;
  const following = [];
  for (let index = site.messageIndex + 1; index < transcript.messages.length; index++) {
    const next = transcript.messages[index];
    if (next.role === "user") break;
    following.push(next);
  }
  return { ...immediate, mode: "hindsight", response: { index: site.responseIndex, message }, following };
}

/** "auto" judges in hindsight when the call has a response, immediately otherwise. */
export function viewFor(mode: ViewRequest, transcript: CanonicalTranscript, site: ToolCallSite): ViewResult {
  const resolved: ViewMode = mode === "auto" ? (site.responseIndex === null ? "immediate" : "hindsight") : mode;
  const view = resolved === "immediate" ? buildImmediateView(transcript, site) : buildHindsightView(transcript, site);
  return typeof view === "string" ? { ok: false, reason: view } : { ok: true, view };
}
