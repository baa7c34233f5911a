import { BOTH_VIEWS, type Check } from "../check";
import { canonicalArguments, sameArguments } from "../canonical";

// Tools whose result differs from call to call: asking twice can be the point ("roll two dice").
const NON_DETERMINISTIC = /random|roll|dice|shuffle|sample|toss|flip|draw|generate|simulat/i;

export const duplicateCall: Check = {
  id: "duplicate-call",
  title: "Duplicate call",
  severity: "major",
  views: BOTH_VIEWS,
  // A repeated call serves no part of the request: it is also a poor choice of call.
  topics: ["redundancy", "tool-selection"],
  explanation:
    "The same tool with the same arguments (ignoring key order and spacing) was already called since the user's last message. Only a doubt for tools whose results vary by design (random draws, simulations).",
  run(context) {
    const messages = context.view.context;
    let turnStart = 0;
    for (let index = messages.length - 1; index >= 0; index--) {
      if (messages[index].role === "user") {
        turnStart = index;
        break;
      }
    }
    for (const earlier of context.earlierCalls) {
      if (earlier.messageIndex < turnStart || earlier.call.function.name !== context.call.toolName) continue;
      if (!sameArguments(context.call.rawArguments, earlier.call.function.arguments)) continue;
      const varies = NON_DETERMINISTIC.test(`${context.call.toolName} ${context.tool?.function.description ?? ""}`);
      return [
        {
          severity: varies ? "minor" : "major",
          penalty: varies ? 0.2 : 0.6,
          message: `${context.call.toolName} was already called with the same arguments ${earlier.sibling ? "in the same message" : `in message ${earlier.messageIndex}`}${varies ? "; its results may vary by design" : ""}.`,
          evidence: `earlier call ${earlier.call.id}: ${canonicalArguments(context.call.rawArguments).slice(0, 160)}`,
        },
      ];
    }
    return [];
  },
};
