import { splitPrefix } from "@/lib/criteria/prefixes";
import { trimEndMatching } from "@/lib/platform/text-trim";

const KIND_WORD = { reward: "Reward", penalize: "Penalize", "passes-if": "Passes if", "fails-if": "Fails if" } as const;

/** Cut at a word boundary when one is near, so a label does not end mid-word. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return `${trimEndMatching(space > max * 0.6 ? head.slice(0, space) : head, /[\s,;:.]/)}…`;
}

/**
 * A criterion's short name for headers and lists: its title, or the part of its text that tells
 * it apart. Every criterion starts with one of four prefixes, so a text cut at 40 characters
 * would show little else; the prefix becomes one word ("Reward · select appropriate tools…").
 */
export function criterionLabel(criterion: { title: string | null; text: string }, max = 40): string {
  if (criterion.title) return criterion.title;
  const split = splitPrefix(criterion.text);
  if (!split || !split.condition) return cut(criterion.text, max);
  return cut(`${KIND_WORD[split.rule.kind]} · ${split.condition}`, max);
}
