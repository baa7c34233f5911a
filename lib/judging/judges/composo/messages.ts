import type { CallView, HindsightView, ToolMessage } from "@/lib/judging/judges/types";
import type { CanonicalMessage } from "@/lib/transcripts/types";

/**
 * Responses to the judged message's other (parallel) calls, first answer per call, in
 * transcript order. Later tool messages answering other assistant turns are left out.
 */
function siblingResponses(view: HindsightView): ToolMessage[] {
  const siblings = new Set((view.assistant.tool_calls ?? []).map((call) => call.id));
  siblings.delete(view.call.callId);
  const responses: ToolMessage[] = [];
  for (const message of view.following) {
    if (message.role !== "tool" || !siblings.has(message.tool_call_id)) continue;
    siblings.delete(message.tool_call_id);
    responses.push(message);
  }
  return responses;
}

/**
 * The conversation Composo is asked to judge. Composo judges the end of the conversation it is
 * given, so the cut point is the view:
 * - immediate: up to and including the assistant message that holds the call; no response.
 * - hindsight: that, plus the judged call's response as the LAST message; the assistant's
 *   follow-up is left out.
 *
 * Parallel calls: the assistant message is kept whole (the agent chose its calls together, and
 * dropping siblings would misrepresent what it did). In hindsight the siblings' responses are
 * kept too, placed before the judged response, so that
 * - no call looks unanswered (which would read as a failed call, and which OpenAI-format
 *   validators reject), and
 * - the conversation still ends right after the judged call's response.
 * Moving a tool message is safe: tool messages are matched to calls by tool_call_id, not order.
 * Composo cannot be told which call of a parallel message is judged, so sibling calls share the
 * immediate context; this is stated in the report rather than worked around by rewriting the
 * criterion Composo was trained on.
 */
export function composoMessages(view: CallView): CanonicalMessage[] {
  const upToCall: CanonicalMessage[] = [...view.context, view.assistant];
  if (view.mode === "immediate") return upToCall;
  return [...upToCall, ...siblingResponses(view), view.response.message];
}
