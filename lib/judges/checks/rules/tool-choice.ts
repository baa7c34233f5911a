import { BOTH_VIEWS, severityFor, type Check, type CheckHit } from "../check";
import type { CallContext } from "../context";
import { isSingleShot, readsAsEnglish, userConfirmed } from "../conversation";
import { messageEvidence, type TextEvidence } from "../evidence";
import { toolKind } from "../tool-kind";
import { toolFits, type ToolFit } from "../tool-fit";

const describe = (fit: ToolFit) => `${fit.tool} (fit ${fit.fit.toFixed(2)}${fit.matched.length ? `; shares ${fit.matched.slice(0, 6).join(", ")}` : "; shares no word with the request"})`;

// Another tool must fit clearly better, by this much, to call the choice poor.
const MARGIN = 0.2;

/**
 * What the call must serve, in words: the user's latest message, or, when that message only
 * agrees to a proposal ("Yes, go ahead"), the assistant's proposal it agrees to.
 */
function requestText(context: CallContext): TextEvidence | undefined {
  const messages = context.view.context;
  const { confirmed, proposal } = userConfirmed(messages);
  if (confirmed) return messageEvidence(messages[proposal], proposal);
  return context.request;
}

/**
 * Compares the chosen tool with the request, and only finds fault on evidence: another offered
 * tool that the request names clearly better, or, when the request alone says what the call must
 * do (the first call, for a request in English), a tool that has nothing to do with it. Shared
 * words are weak evidence of a good choice, and their absence none of a bad one: a paraphrase,
 * another language, a confirmation, a step the agent's policy requires or a planning tool share
 * none.
 */
export const toolChoice: Check = {
  id: "poor-tool-choice",
  title: "Poor tool choice",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["tool-selection"],
  explanation:
    "The chosen tool's name, description and parameters are compared with the words of the request (the user's latest message, or the proposal they agreed to). The call is flagged when another offered tool fits the request clearly better (in a later step of a conversation, only for a tool that changes state: looking something up first is normal), or when the request is the whole conversation so far and the tool shares nothing with it. Requests that are not English prose are not compared.",
  unmeasurable(context) {
    if (!context.tool) return "the tool is not offered";
    const request = requestText(context);
    if (!request) return "no user request before the call";
    if (!readsAsEnglish(request.raw)) return "the request is not English prose the word comparison can read";
    return null;
  },
  run(context) {
    const request = requestText(context);
    if (!context.tool || !request || !readsAsEnglish(request.raw)) return [];
    const fits = toolFits(request, context.view.tools);
    const chosen = fits.find((fit) => fit.tool === context.call.toolName);
    if (!chosen) return [];
    const singleShot = isSingleShot(context.view.context);
    // A tool the same message also calls serves another part of the request, not this call's.
    const calledHere = new Set((context.view.assistant.tool_calls ?? []).map((call) => call.function.name));
    const rivals = fits.filter((fit) => fit !== chosen && !calledHere.has(fit.tool));
    const best = rivals.reduce<ToolFit | undefined>((top, fit) => (!top || fit.fit > top.fit ? fit : top), undefined);
    const hits: CheckHit[] = [];

    // When the message calls several different tools the request has several parts, and a
    // chosen tool sharing several words with it serves one of them.
    const multiPart = calledHere.size > 1;
    const gap = best ? best.fit - chosen.fit : 0;
    const rivalNamed = best !== undefined && best.nameCoverage >= 0.5 && best.nameCoverage > chosen.nameCoverage;
    // Later in a conversation a read may gather what another step needs: only a change of state
    // that another tool clearly fits better is a wrong choice there.
    const mayJudge = singleShot || toolKind(context.tool).changesState;
    const clearlyBetterNamed = chosen.nameCoverage < 0.5 || (best !== undefined && best.nameCoverage - chosen.nameCoverage >= 0.4);
    if (best && mayJudge && rivalNamed && clearlyBetterNamed && gap >= MARGIN && !(multiPart && chosen.matched.length >= 3)) {
      const penalty = Math.min(0.65, 0.35 + gap);
      hits.push({
        severity: severityFor(penalty),
        penalty,
        message: `Another offered tool fits the request better: ${best.tool}.`,
        evidence: `chosen ${describe(chosen)}; best other ${describe(best)}; request ${request.excerpt}`,
      });
    } else if (singleShot && chosen.matched.length === 0) {
      hits.push({
        severity: "major",
        penalty: 0.6,
        message: "The chosen tool has nothing to do with the request: it shares no word or concept with it, and the request is all the conversation holds.",
        evidence: `chosen ${describe(chosen)}; request ${request.excerpt}`,
      });
    } else if (singleShot && chosen.matched.length === 1 && chosen.nameCoverage === 0) {
      hits.push({ severity: "minor", penalty: 0.25, message: "The chosen tool barely matches the request.", evidence: `chosen ${describe(chosen)}; request ${request.excerpt}` });
    }
    return hits;
  },
};
