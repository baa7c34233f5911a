import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import { canonicalArguments } from "../canonical";

export const duplicateCall: Check = {
  id: "duplicate-call",
  title: "Duplicate call",
  severity: "major",
  views: BOTH_VIEWS,
  // A repeated call serves no part of the request: it is also a poor choice of call.
  topics: ["redundancy", "tool-selection"],
  explanation: "The same tool with the same arguments (ignoring key order and spacing) was already called since the user's last message.",
  run(context) {
    let own: string | undefined;
    const context_ = context.view.context;
    let turnStart = 0;
    for (let index = context_.length - 1; index >= 0; index--) {
      if (context_[index].role === "user") {
        turnStart = index;
        break;
      }
    }
    const hits: CheckHit[] = [];
    for (const earlier of context.earlierCalls) {
      if (earlier.messageIndex < turnStart) continue;
      if (earlier.call.function.name !== context.call.toolName) continue;
      own ??= canonicalArguments(context.call.rawArguments);
      if (canonicalArguments(earlier.call.function.arguments) !== own) continue;
      hits.push({
        severity: "major",
        penalty: 0.6,
        message: `${context.call.toolName} was already called with the same arguments ${earlier.sibling ? "in the same message" : `in message ${earlier.messageIndex}`}.`,
        evidence: `earlier call ${earlier.call.id}: ${own.slice(0, 160)}`,
      });
      break;
    }
    return hits;
  },
};
