import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import { canonicalArguments, sameArguments } from "../canonical";
import type { CallContext, EarlierCall } from "../context";
import { repeatedRead, type PriorCall } from "../repeats";
import { responseStatus } from "../response-status";
import { toolKind } from "../tool-kind";

function changesState(context: CallContext, name: string): boolean {
  const tool = context.view.tools.find((candidate) => candidate.function.name === name);
  return tool ? toolKind(tool).changesState : false;
}

// Tools whose result differs from call to call: asking twice can be the point ("roll two dice").
const NON_DETERMINISTIC = /random|roll|dice|shuffle|sample|toss|flip|draw|generate|simulat/i;

/** The earlier calls with what the tool answered them, for the repeat definition (repeats.ts). */
function priorCalls(context: CallContext): (PriorCall & { earlier: EarlierCall })[] {
  return context.earlierCalls.map((earlier) => {
    const response = earlier.sibling ? undefined : context.responseTo(earlier);
    return {
      earlier,
      name: earlier.call.function.name,
      rawArguments: earlier.call.function.arguments,
      changesState: changesState(context, earlier.call.function.name),
      status: response ? responseStatus(response.content ?? "") : null,
      sibling: earlier.sibling,
    };
  });
}

/** The same change made again since the user's last message: a second booking, a second payment. */
function repeatedChange(context: CallContext): EarlierCall | undefined {
  const messages = context.view.context;
  let turnStart = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index].role === "user") {
      turnStart = index;
      break;
    }
  }
  return context.earlierCalls.find(
    (candidate) => !candidate.sibling && candidate.messageIndex >= turnStart && candidate.call.function.name === context.call.toolName && sameArguments(context.call.rawArguments, candidate.call.function.arguments),
  );
}

export const duplicateCall: Check = {
  id: "duplicate-call",
  title: "Duplicate call",
  severity: "major",
  views: BOTH_VIEWS,
  // A repeated call serves no part of the request: it is also a poor choice of call.
  topics: ["redundancy", "repeated-read", "tool-selection"],
  explanation:
    "The same tool with the same arguments (ignoring key order and spacing) called again: a read the tool already answered, with no successful change of state since (reading again after a change is checking it, not repeating); the same change again since the user's last message (a second booking); or the same call twice in one message. A repeated change or a call made twice at once is also a wrong call; a repeated read only wasted a step. Only a doubt for tools whose results vary by design (random draws, simulations).",
  run(context) {
    const changes = context.tool ? toolKind(context.tool).changesState : false;
    const sibling = context.earlierCalls.find((candidate) => candidate.sibling && candidate.call.function.name === context.call.toolName && sameArguments(context.call.rawArguments, candidate.call.function.arguments));
    const candidate = sibling ?? (changes ? repeatedChange(context) : repeatedRead(priorCalls(context), context.call.toolName, context.call.rawArguments)?.earlier);
    if (!candidate) return [];
    const varies = NON_DETERMINISTIC.test(`${context.call.toolName} ${context.tool?.function.description ?? ""}`);
    const hit: CheckHit = {
      severity: varies ? "minor" : "major",
      penalty: varies ? 0.2 : 0.6,
      // A repeated read in a later step wastes a step; a repeated change (a second booking, a
      // second payment) or the same read twice in one message is also the wrong call.
      topics: changes || candidate.sibling ? ["redundancy", "tool-selection"] : ["redundancy", "repeated-read"],
      message: `${context.call.toolName} was already called with the same arguments ${candidate.sibling ? "in the same message" : `in message ${candidate.messageIndex}`}${changes || candidate.sibling ? "" : ", and the tool answered it with nothing changed since"}${varies ? "; its results may vary by design" : ""}.`,
      evidence: `earlier call ${candidate.call.id}: ${canonicalArguments(context.call.rawArguments).slice(0, 160)}`,
    };
    return [hit];
  },
};
