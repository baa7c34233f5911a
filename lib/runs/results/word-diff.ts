import { diffWordsWithSpace } from "diff";

export interface WordDiffSegment {
  kind: "same" | "added" | "removed";
  text: string;
}

export interface WordDiff {
  /**
   * In reading order. The "same" and "removed" texts joined give the earlier text exactly, the
   * "same" and "added" texts the later one. Within a change, the removed text comes first.
   */
  segments: WordDiffSegment[];
  /** The texts were too long or too different to diff word by word: shown as one replacement. */
  wholeText: boolean;
}

export interface WordDiffLimits {
  /** Both texts together, in characters; longer pairs are not diffed at all. */
  maxChars: number;
  /** Most word edits to look for before giving up (jsdiff's `maxEditLength`). */
  maxEdits: number;
}

/**
 * Judges' explanations run to a few hundred words. The diff costs time in the length times the
 * number of edits, so these keep a runaway explanation from stalling the page that renders it.
 */
export const WORD_DIFF_LIMITS: WordDiffLimits = { maxChars: 20_000, maxEdits: 2_000 };

const WHITESPACE = /^\s+$/;

/**
 * A word-level diff of two explanations (null reads as empty), ready to render. Tokens are words,
 * punctuation and runs of whitespace (`diffWordsWithSpace`), so the texts are reproduced exactly.
 */
export function wordDiff(before: string | null, after: string | null, limits: WordDiffLimits = WORD_DIFF_LIMITS): WordDiff {
  const a = before ?? "";
  const b = after ?? "";
  if (a === b) return { segments: a ? [{ kind: "same", text: a }] : [], wholeText: false };
  if (a.length + b.length > limits.maxChars) return wholeTextReplace(a, b);
  const changes = diffWordsWithSpace(a, b, { maxEditLength: limits.maxEdits });
  if (!changes) return wholeTextReplace(a, b);
  return { segments: tidy(changes.map((change) => ({ kind: change.added ? "added" : change.removed ? "removed" : "same", text: change.value }))), wholeText: false };
}

function wholeTextReplace(a: string, b: string): WordDiff {
  const segments: WordDiffSegment[] = [];
  if (a) segments.push({ kind: "removed", text: a });
  if (b) segments.push({ kind: "added", text: b });
  return { segments, wholeText: true };
}

/**
 * Joins each run of changes into one removed and one added segment, taking in the bare spaces
 * between them: "[-wrong-][+right+] [-city-][+town+]" reads as "[-wrong city-][+right town+]".
 */
function tidy(raw: readonly WordDiffSegment[]): WordDiffSegment[] {
  const segments: WordDiffSegment[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) segments.push({ kind: "removed", text: removed });
    if (added) segments.push({ kind: "added", text: added });
    removed = added = "";
  };
  raw.forEach((segment, index) => {
    if (segment.kind === "removed") removed += segment.text;
    else if (segment.kind === "added") added += segment.text;
    else if ((removed || added) && WHITESPACE.test(segment.text) && index + 1 < raw.length && raw[index + 1].kind !== "same") {
      removed += segment.text;
      added += segment.text;
    } else {
      flush();
      const last = segments.at(-1);
      if (last?.kind === "same") last.text += segment.text;
      else if (segment.text) segments.push({ ...segment });
    }
  });
  flush();
  return segments;
}
