import type { Finding } from "@/lib/judging/judges/types";

/** A finding both modes saw: the same check on the same argument, perhaps worded differently. */
export interface MatchedFinding {
  before: Finding;
  after: Finding;
}

export interface FindingsDiff {
  /** Seen only after (in hindsight), in the order the later result lists them. */
  added: Finding[];
  /** Seen only before (immediately), in the order the earlier result lists them. */
  removed: Finding[];
  /** Seen by both, in the earlier result's order; message, severity or evidence may differ. */
  unchanged: MatchedFinding[];
}

/**
 * The identity of a finding across two results: its check and argument path, not its message.
 * LLM judges word the same problem differently on every call, and hindsight restates what the
 * immediate judge said with the response in view, so a message-based identity would show nearly
 * every finding as removed and re-added. Severity is left out too: a finding whose severity
 * changed is the same finding, judged differently, and the page shows both sides of it.
 * JSON keeps "a|b" + "c" apart from "a" + "b|c".
 */
export function findingKey(finding: Pick<Finding, "check" | "path">): string {
  return JSON.stringify([finding.check, finding.path ?? null]);
}

/**
 * Which findings `after` added, which it dropped and which both saw. Several findings may share
 * a key (two call-level findings of one check); those pair up as a multiset: first those whose
 * message is identical too, then the rest in order, and what is left over is added or removed.
 */
export function findingsDiff(before: readonly Finding[], after: readonly Finding[]): FindingsDiff {
  const pairedWith = new Map<number, number>();
  const taken = new Set<number>();
  const pair = (sameMessage: boolean) => {
    before.forEach((finding, beforeIndex) => {
      if (pairedWith.has(beforeIndex)) return;
      const key = findingKey(finding);
      const afterIndex = after.findIndex((candidate, index) => !taken.has(index) && findingKey(candidate) === key && (!sameMessage || candidate.message === finding.message));
      if (afterIndex < 0) return;
      pairedWith.set(beforeIndex, afterIndex);
      taken.add(afterIndex);
    });
  };
  pair(true);
  pair(false);
  return {
    added: after.filter((_, index) => !taken.has(index)),
    removed: before.filter((_, index) => !pairedWith.has(index)),
    unchanged: before.flatMap((finding, index) => {
      const afterIndex = pairedWith.get(index);
      return afterIndex === undefined ? [] : [{ before: finding, after: after[afterIndex] }];
    }),
  };
}
