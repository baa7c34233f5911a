import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import { sameArguments } from "../canonical";
import { responseStatus } from "../response-status";

export const futileRetry: Check = {
  id: "futile-retry",
  title: "Futile retry",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["errors", "redundancy"],
  explanation: "The call repeats, with the same arguments, an earlier call whose response was an error: it can only fail the same way.",
  run(context) {
    const messages = context.view.context;
    const hits: CheckHit[] = [];
    for (const earlier of context.earlierCalls) {
      if (earlier.sibling || earlier.call.function.name !== context.call.toolName) continue;
      if (!sameArguments(context.call.rawArguments, earlier.call.function.arguments)) continue;
      const response = messages.find((message) => message.role === "tool" && message.tool_call_id === earlier.call.id);
      if (!response) continue;
      const status = responseStatus(response.content ?? "");
      if (status.kind !== "error") continue;
      hits.push({
        severity: "major",
        penalty: 0.6,
        message: `Retries ${context.call.toolName} with the same arguments after it failed (call ${earlier.call.id}).`,
        evidence: `earlier error: ${status.evidence}`,
      });
      break;
    }
    return hits;
  },
};
