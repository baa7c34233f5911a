import { callKey } from "@/lib/transcripts/pair-responses";
import { BOTH_VIEWS, type Check, type CheckHit } from "../check";

export const orphans: Check = {
  id: "orphan-call-or-response",
  title: "Orphan call or response",
  severity: "minor",
  views: BOTH_VIEWS,
  topics: ["protocol"],
  explanation:
    "Every call should get a matching `tool` message before the assistant moves on, and every `tool` message should answer a call. Responses pair with the nearest earlier unanswered call of their id, as agents may reuse ids. Only the messages the view shows are checked.",
  run(context) {
    const visible = context.visible;
    const { responseOf, unmatched } = context.pairing;
    const hits: CheckHit[] = [];
    for (const index of unmatched) {
      const message = visible[index];
      if (message.role !== "tool") continue;
      hits.push({ severity: "minor", penalty: 0.1, message: `A tool message answers "${message.tool_call_id}", which no earlier unanswered call has.`, evidence: `message ${index}` });
    }
    // A call is orphaned once the assistant speaks again without having received its result.
    visible.forEach((message, index) => {
      if (message.role !== "assistant") return;
      (message.tool_calls ?? []).forEach((call, position) => {
        if (responseOf.has(callKey(index, position))) return;
        if (index === context.call.messageIndex && position === context.call.position) return;
        const movedOn = visible.slice(index + 1).some((later) => later.role === "assistant");
        if (movedOn) hits.push({ severity: "minor", penalty: 0.1, message: `Call "${call.id}" never received a response before the assistant continued.`, evidence: `message ${index}` });
      });
    });
    return hits;
  },
};
