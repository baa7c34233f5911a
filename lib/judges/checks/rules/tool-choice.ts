import type { CanonicalTool } from "@/lib/transcripts/types";
import { BOTH_VIEWS, severityFor, type Check } from "../check";
import type { TextEvidence } from "../evidence";
import { quote } from "../evidence";
import { toolFits, type ToolFit } from "../tool-fit";

const byTools = new WeakMap<CanonicalTool[], WeakMap<TextEvidence, ToolFit[]>>();

/** Fits are the same for every call that shares a request and a tool list: compute once. */
function cachedFits(request: TextEvidence, tools: CanonicalTool[]): ToolFit[] {
  let perRequest = byTools.get(tools);
  if (!perRequest) byTools.set(tools, (perRequest = new WeakMap()));
  let fits = perRequest.get(request);
  if (!fits) perRequest.set(request, (fits = toolFits(request, tools)));
  return fits;
}

const describe = (fit: ToolFit) => `${fit.tool} (fit ${fit.fit.toFixed(2)}${fit.matched.length ? `; request mentions ${fit.matched.slice(0, 6).join(", ")}` : ""})`;

// Below this a tool's words barely touch the request; above the margin another tool clearly wins.
const NO_FIT = 0.3;
const MARGIN = 0.2;

export const toolChoice: Check = {
  id: "poor-tool-choice",
  title: "Poor tool choice",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["tool-selection"],
  explanation:
    "The chosen tool's name, description and parameters are compared with the words of the user's request, relative to the other offered tools: the call is flagged when another tool fits much better, or when the chosen tool hardly fits at all. Lexical, so synonyms can mislead it.",
  run(context) {
    const request = context.request;
    if (!context.tool || !request) return [];
    const fits = cachedFits(request, context.view.tools);
    const chosen = fits.find((fit) => fit.tool === context.call.toolName);
    if (!chosen) return [];
    // A tool the same message also calls serves another part of the request, not this call's.
    const calledHere = new Set((context.view.assistant.tool_calls ?? []).map((call) => call.function.name));
    const rivals = fits.filter((fit) => fit !== chosen && !calledHere.has(fit.tool));
    const best = rivals.reduce<ToolFit | undefined>((top, fit) => (!top || fit.fit > top.fit ? fit : top), undefined);
    const gap = best ? best.fit - chosen.fit : 0;
    const relative = best && gap >= MARGIN && best.nameCoverage > chosen.nameCoverage ? Math.min(0.65, 0.25 + gap) : 0;
    const absolute = chosen.fit < NO_FIT && chosen.nameCoverage < 0.5 ? 0.5 * (1 - chosen.fit / NO_FIT) : 0;
    const penalty = Math.max(relative, absolute);
    if (penalty < 0.05) return [];
    const message =
      relative >= absolute && best
        ? `Another offered tool fits the request better: ${best.tool}.`
        : `The chosen tool hardly fits the request${best && best.fit > chosen.fit ? `; ${best.tool} fits somewhat better` : "; no offered tool fits it well"}.`;
    return [
      {
        severity: severityFor(penalty),
        penalty,
        message,
        evidence: `chosen ${describe(chosen)}${best ? `; best other ${describe(best)}` : ""}; request ${quote(request.raw, 120)}`,
      },
    ];
  },
};
