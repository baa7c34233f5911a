import { BOTH_VIEWS, severityFor, type Check, type CheckHit } from "../check";
import { isSingleShot } from "../conversation";
import { toolFits, toolWordsOf, type ToolFit } from "../tool-fit";
import { stem } from "../text/words";

const describe = (fit: ToolFit) => `${fit.tool} (fit ${fit.fit.toFixed(2)}${fit.matched.length ? `; shares ${fit.matched.slice(0, 6).join(", ")}` : "; shares no word with the request"})`;

// Another tool must fit clearly better, by this much, to call the choice poor.
const MARGIN = 0.2;

/**
 * Compares the chosen tool with the request, and only finds fault on evidence: another offered
 * tool that the request names clearly better, when the request alone says what the call must do
 * (the first call, for a request in English). Shared words are weak evidence of a good choice,
 * and their absence none of a bad one: a paraphrase, another language, a confirmation, a step
 * the agent's policy requires or a planning tool share none. Later in a conversation a request
 * has several parts and steps, so no comparison there is evidence either.
 */
export const toolChoice: Check = {
  id: "poor-tool-choice",
  title: "Poor tool choice",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["tool-selection"],
  explanation:
    "The chosen tool's name, description and parameters are compared with the words of the request. The call is flagged only when the request is the whole conversation so far and names another offered tool clearly better than the chosen one. A tool sharing no word with the request is not a fault (paraphrases, other languages, confirmations and policy steps share none), and later steps of a conversation are not compared. Requests that are not English prose are not compared.",
  unmeasurable(context) {
    if (!context.tool) return "the tool is not offered";
    const request = context.request;
    if (!request) return "no user request before the call";
    if (!isSingleShot(context.view.context)) return "a later step of a conversation, whose request may have several parts";
    if (!request.english) return "the request is not English prose the word comparison can read";
    return null;
  },
  run(context) {
    const request = context.request;
    if (!context.tool || !request || !isSingleShot(context.view.context) || !request.english) return [];
    const fits = toolFits(request, context.view.tools);
    const chosen = fits.find((fit) => fit.tool === context.call.toolName);
    if (!chosen) return [];
    // A tool the same message also calls serves another part of the request, not this call's.
    const calledHere = new Set((context.view.assistant.tool_calls ?? []).map((call) => call.function.name));
    const rivals = fits.filter((fit) => fit !== chosen && !calledHere.has(fit.tool));
    const best = rivals.reduce<ToolFit | undefined>((top, fit) => (!top || fit.fit > top.fit ? fit : top), undefined);
    const hits: CheckHit[] = [];

    // When the message calls several different tools the request has several parts, and a
    // chosen tool sharing several words with it serves one of them.
    const multiPart = calledHere.size > 1;
    const gap = best ? best.fit - chosen.fit : 0;
    // The request must use a word of the rival's name that the chosen tool's name lacks: a word
    // both names share ("alarm" in add_alarm and get_alarms) says nothing about which is right.
    const chosenStems = new Set(toolWordsOf(context.tool).name.map(stem));
    const distinctive = best?.namedWords.filter((word) => !chosenStems.has(stem(word))) ?? [];
    const rivalNamed = best !== undefined && best.nameCoverage >= 0.5 && best.nameCoverage > chosen.nameCoverage && distinctive.length > 0;
    if (best && rivalNamed && chosen.nameCoverage < 0.5 && gap >= MARGIN && !(multiPart && chosen.matched.length >= 3)) {
      const penalty = Math.min(0.65, 0.35 + gap);
      hits.push({
        severity: severityFor(penalty),
        penalty,
        message: `Another offered tool fits the request better: ${best.tool}.`,
        evidence: `the request names ${distinctive.join(", ")}; chosen ${describe(chosen)}; best other ${describe(best)}; request ${request.excerpt}`,
      });
    }
    return hits;
  },
};
