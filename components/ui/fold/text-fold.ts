/** When a text is long enough to fold: past either limit it opens on its first lines only. */
export interface FoldLimits {
  maxChars: number;
  maxLines: number;
}

/** Messages and tool results: about a screenful of a reviewer's attention before the call. */
export const MESSAGE_FOLD: FoldLimits = { maxChars: 600, maxLines: 12 };
/** A judge's explanation in a verdict summary, which must leave room for the other verdicts. */
export const EXPLANATION_FOLD: FoldLimits = { maxChars: 280, maxLines: 4 };

/** How much a folded text holds, for its "Show all" label; null when the text fits and stays open. */
export function textFold(text: string, limits: FoldLimits): { lines: number; chars: number } | null {
  const lines = text.split("\n").length;
  if (text.length <= limits.maxChars && lines <= limits.maxLines) return null;
  return { lines, chars: text.length };
}

/** "Show all (48 lines)"; a long single line is measured in characters, where "1 line" says nothing. */
export function showAllLabel(fold: { lines: number; chars: number }): string {
  return fold.lines > 1 ? `Show all (${fold.lines.toLocaleString("en-US")} lines)` : `Show all (${fold.chars.toLocaleString("en-US")} characters)`;
}
