import { BOTH_VIEWS, type Check } from "../check";
import { canonicalArguments, sameArguments } from "../canonical";
import type { CallContext } from "../context";
import { toolKind } from "../tool-kind";

function changesState(context: CallContext, name: string): boolean {
  const tool = context.view.tools.find((candidate) => candidate.function.name === name);
  return tool ? toolKind(tool).changesState : false;
}

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
    "The same tool with the same arguments (ignoring key order and spacing) was already called since the user's last message. A repeated change of state (a second booking) is also a wrong call; a repeated read only wasted a step, and reading again after a change is not a repeat. Only a doubt for tools whose results vary by design (random draws, simulations).",
  run(context) {
    const messages = context.view.context;
    let turnStart = 0;
    for (let index = messages.length - 1; index >= 0; index--) {
      if (messages[index].role === "user") {
        turnStart = index;
        break;
      }
    }
    const changes = context.tool ? toolKind(context.tool).changesState : false;
    const earlier = context.earlierCalls;
    for (let index = 0; index < earlier.length; index++) {
      const candidate = earlier[index];
      if (candidate.messageIndex < turnStart || candidate.call.function.name !== context.call.toolName) continue;
      if (!sameArguments(context.call.rawArguments, candidate.call.function.arguments)) continue;
      // Reading again after something changed state is checking the change, not repeating.
      if (!changes && earlier.slice(index + 1).some((later) => changesState(context, later.call.function.name))) continue;
      const varies = NON_DETERMINISTIC.test(`${context.call.toolName} ${context.tool?.function.description ?? ""}`);
      return [
        {
          severity: varies ? "minor" : "major",
          penalty: varies ? 0.2 : 0.6,
          // A repeated read in a later step wastes a step; a repeated change (a second booking,
          // a second payment) or the same read twice in one message is also the wrong call.
          topics: changes || candidate.sibling ? undefined : ["redundancy"],
          message: `${context.call.toolName} was already called with the same arguments ${candidate.sibling ? "in the same message" : `in message ${candidate.messageIndex}`}${varies ? "; its results may vary by design" : ""}.`,
          evidence: `earlier call ${candidate.call.id}: ${canonicalArguments(context.call.rawArguments).slice(0, 160)}`,
        },
      ];
    }
    return [];
  },
};
