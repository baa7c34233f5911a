import { HINDSIGHT_ONLY, type Check, type CheckHit } from "../check";
import { messageEvidence } from "../evidence";
import { fold, phraseText } from "../text/words";

const ID_KEY = /(^|_|-)(id|ids|uuid|guid|key|token|handle|ref|reference|slug|sha|hash)$|[a-z](Id|ID|Ids|Key|Token|Ref)$/;
const ID_VALUE = /^(?=.*\d)(?=.*[a-z])[a-z0-9][a-z0-9_:.-]{3,}$/i;

export const prematureValue: Check = {
  id: "value-before-it-exists",
  title: "Value used before it exists",
  severity: "major",
  views: HINDSIGHT_ONLY,
  topics: ["use-of-results", "fabrication"],
  explanation:
    "An id-like argument that nothing before the call contains, but that a later tool result returns: the agent used a value before it could know it (typically guessing an id in a parallel call).",
  run(context) {
    if (context.view.mode !== "hindsight") return [];
    const later = context.view.following.flatMap((message, offset) =>
      message.role === "tool" && message.tool_call_id !== context.call.callId ? [{ message, index: context.call.messageIndex + 1 + offset }] : [],
    );
    if (!later.length) return [];
    const hits: CheckHit[] = [];
    for (const leaf of context.leaves) {
      if (typeof leaf.value !== "string" && typeof leaf.value !== "number") continue;
      const value = String(leaf.value);
      if (!ID_KEY.test(leaf.key) && !ID_VALUE.test(value)) continue;
      const phrase = phraseText(value);
      const compact = fold(value).replace(/[^a-z0-9]+/g, "");
      if (compact.length < 3) continue;
      const known = context.sources.some((source) => source.phrase.includes(phrase) || source.compact.includes(compact));
      if (known) continue;
      const source = later.find(({ message, index }) => messageEvidence(message, index).phrase.includes(phrase));
      if (!source) continue;
      hits.push({
        severity: "major",
        penalty: 0.6,
        path: leaf.path,
        message: `"${leaf.path}" uses ${JSON.stringify(value)}, which first appears in a later tool result (message ${source.index}).`,
        evidence: `value ${JSON.stringify(value)}; not in any message before the call`,
      });
    }
    return hits;
  },
};
