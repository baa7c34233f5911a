import type { CanonicalMessage } from "@/lib/transcripts/types";
import { BOTH_VIEWS, severityFor, type Check } from "../check";
import { toolFits, type ToolFit } from "../tool-fit";

const describe = (fit: ToolFit) => `${fit.tool} (fit ${fit.fit.toFixed(2)}${fit.matched.length ? `; shares ${fit.matched.slice(0, 6).join(", ")}` : "; shares no word with the request"})`;

function lastUserIndex(messages: CanonicalMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index].role === "user") return index;
  return -1;
}

// Another tool must fit clearly better, by this much, to call the choice poor.
const MARGIN = 0.2;

/** Penalty when the chosen tool shares (almost) nothing with the request, whatever else is offered. */
function absolutePenalty(chosen: ToolFit): number {
  if (chosen.matched.length === 0) return 0.55;
  if (chosen.matched.length === 1) return chosen.nameCoverage > 0 ? 0.1 : 0.3;
  return chosen.nameCoverage === 0 && chosen.requestCoverage < 0.15 ? 0.1 : 0;
}

export const toolChoice: Check = {
  id: "poor-tool-choice",
  title: "Poor tool choice",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["tool-selection"],
  explanation:
    "The chosen tool's name, description and parameters are compared with the words of the user's request (with a small thesaurus), relative to the other offered tools: the call is flagged when another tool fits clearly better, or when the chosen tool shares (almost) nothing with the request. Lexical, so unusual wording can mislead it.",
  run(context) {
    const request = context.request;
    if (!context.tool || !request) return [];
    const fits = toolFits(request, context.view.tools);
    const chosen = fits.find((fit) => fit.tool === context.call.toolName);
    if (!chosen) return [];
    // A tool the same message also calls serves another part of the request, not this call's;
    // and a tool whose name the request mostly spells out serves some part of it.
    const calledHere = new Set((context.view.assistant.tool_calls ?? []).map((call) => call.function.name));
    const rivals = fits.filter((fit) => fit !== chosen && !calledHere.has(fit.tool));
    const best = rivals.reduce<ToolFit | undefined>((top, fit) => (!top || fit.fit > top.fit ? fit : top), undefined);
    const gap = best ? best.fit - chosen.fit : 0;
    // When the message calls several different tools the request has several parts, and a
    // chosen tool sharing several words with it serves one of them.
    const multiPart = calledHere.size > 1;
    const relative =
      best && gap >= MARGIN && chosen.nameCoverage < 0.5 && best.nameCoverage > chosen.nameCoverage && !(multiPart && chosen.matched.length >= 3)
        ? Math.min(0.65, 0.3 + gap)
        : 0;
    let absolute = absolutePenalty(chosen);
    // A later step of a multi-step turn (after earlier tool calls) may use a tool the request
    // never names: looking up a detail a previous result pointed to. Only a doubt then.
    const followUp = context.earlierCalls.some((earlier) => !earlier.sibling && earlier.messageIndex > lastUserIndex(context.view.context));
    if (followUp) absolute = Math.min(absolute, 0.2);
    const penalty = Math.max(followUp ? Math.min(relative, 0.3) : relative, absolute);
    if (penalty <= 0) return [];
    const message =
      relative >= absolute && best
        ? `Another offered tool fits the request better: ${best.tool}.`
        : chosen.matched.length === 0
          ? "The chosen tool shares no word with the request: no offered tool seems to fit it."
          : "The chosen tool barely matches the request.";
    return [
      {
        severity: severityFor(penalty),
        penalty,
        message,
        evidence: `chosen ${describe(chosen)}${best ? `; best other ${describe(best)}` : ""}; request ${request.excerpt}`,
      },
    ];
  },
};
