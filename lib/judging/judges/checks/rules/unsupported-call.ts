import { BOTH_VIEWS, severityFor, type Check } from "../check";
import { isSingleShot } from "../conversation";
import type { Leaf } from "../context";
import { groundLeaf } from "../grounding";

// A call may carry thousands of values: the evidence names the first few, each cut short.
const SHOWN_LEAVES = 8;
const SHOWN_CHARS = 80;

function shownLeaves(leaves: readonly Leaf[]): string {
  const shown = leaves.slice(0, SHOWN_LEAVES).map((leaf) => {
    const value = JSON.stringify(leaf.value);
    return `${leaf.path} = ${value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value}`;
  });
  return leaves.length > SHOWN_LEAVES ? `${shown.join("; ")}; and ${leaves.length - SHOWN_LEAVES} more` : shown.join("; ");
}

/**
 * A call whose arguments take nothing from the conversation: every value is a default, an
 * allowed value, or one the agent supplied itself, and at least one is the latter. The request
 * gave the tool nothing to work with, which is how a call to a tool that does not serve the
 * request looks (a temperature converter called with 1 for a question about films). Each
 * doubtful value alone is only a doubt; all of them together, with none read from the
 * conversation, are evidence.
 */
export const unsupportedCall: Check = {
  id: "unsupported-call",
  title: "Nothing in the conversation feeds the call",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["tool-selection", "parameter-accuracy", "fabrication"],
  explanation:
    "Flags a call none of whose argument values relates to the system or user messages or earlier tool results, when at least one of them is a value the agent supplied itself (defaults and the schema's allowed values count neither for nor against; a value partly quoted, converted or written in another script counts for). A call without arguments is not judged.",
  run(context) {
    if (!context.tool || !context.leaves.length) return [];
    let supplied = 0;
    let worst = 0;
    for (const leaf of context.leaves) {
      const grounding = groundLeaf(leaf, context);
      if (grounding.status === "grounded") {
        if (grounding.basis === "conversation") return [];
        continue;
      }
      // A value the conversation relates to (partly quoted, converted, in another script, or
      // another of a parameter's values the request names) shows the call read the request.
      if (!grounding.invented) return [];
      supplied += 1;
      worst = Math.max(worst, grounding.penalty);
    }
    if (!supplied) return [];
    // Later in a conversation the agent also computes values from what it was told (a total,
    // a count): unsupported values there are a doubt, not evidence.
    const penalty = isSingleShot(context.view.context) ? 0.55 : 0.3;
    return [
      {
        severity: severityFor(penalty),
        penalty,
        message: `No argument of the call comes from the conversation: ${supplied === 1 ? "its one value is" : `its ${supplied} values are`} supplied by the agent${worst >= 0.45 ? "" : " (each alone only doubtful)"}.`,
        evidence: shownLeaves(context.leaves),
      },
    ];
  },
};
