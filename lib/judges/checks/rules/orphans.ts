import type { CanonicalMessage } from "@/lib/transcripts/types";
import { BOTH_VIEWS, type Check, type CheckHit } from "../check";

export const orphans: Check = {
  id: "orphan-call-or-response",
  title: "Orphan call or response",
  severity: "minor",
  views: BOTH_VIEWS,
  topics: ["protocol"],
  explanation:
    "Every call should get a matching `tool` message before the assistant moves on, and every `tool` message should answer a call. Only the messages the view shows are checked.",
  run(context) {
    const view = context.view;
    const visible: CanonicalMessage[] = [...view.context, view.assistant, ...(view.mode === "hindsight" ? view.following : [])];
    const hits: CheckHit[] = [];
    const called = new Map<string, number>();
    const answered = new Set<string>();
    visible.forEach((message, index) => {
      if (message.role === "assistant") for (const call of message.tool_calls ?? []) if (!called.has(call.id)) called.set(call.id, index);
      if (message.role === "tool") {
        if (!called.has(message.tool_call_id)) {
          hits.push({ severity: "minor", penalty: 0.1, message: `A tool message answers "${message.tool_call_id}", which no earlier call has.`, evidence: `message ${index}` });
        }
        answered.add(message.tool_call_id);
      }
    });
    // A call is orphaned once the assistant speaks again without having received its result.
    for (const [id, index] of called) {
      if (answered.has(id) || id === context.call.callId) continue;
      const movedOn = visible.slice(index + 1).some((message) => message.role === "assistant");
      if (movedOn) hits.push({ severity: "minor", penalty: 0.1, message: `Call "${id}" never received a response before the assistant continued.`, evidence: `message ${index}` });
    }
    return hits;
  },
};
