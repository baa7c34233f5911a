import { BOTH_VIEWS, severityFor, type Check, type CheckHit } from "../check";
import { groundLeaf } from "../grounding";

export const ungroundedValue: Check = {
  id: "ungrounded-value",
  title: "Ungrounded value",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["parameter-accuracy", "fabrication", "use-of-results"],
  explanation:
    "Each argument value must be supported by the system or user messages, earlier tool results, or the tool's schema (default, allowed values, description). Case, spacing and punctuation are ignored; numbers may be written as words, with units or as percentages; \"Paris, France\" is accepted for \"Paris\".",
  run(context) {
    if (!context.tool) return [];
    const hits: CheckHit[] = [];
    for (const leaf of context.leaves) {
      const result = groundLeaf(leaf, context);
      if (result.status === "grounded") continue;
      hits.push({
        severity: severityFor(result.penalty),
        penalty: result.penalty,
        path: leaf.path,
        message: `"${leaf.path}" ${result.reason}.`,
        evidence: result.evidence,
      });
    }
    return hits;
  },
};
