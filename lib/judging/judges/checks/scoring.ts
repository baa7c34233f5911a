import type { Criterion } from "@/lib/criteria/parse";
import type { CheckHit } from "./check";

/** A call is "clean" (the checks found nothing that matters) at or above this quality. */
export const PASS_QUALITY = 0.5;

/**
 * Quality in [0, 1]: 1 when nothing was found, lowered by each hit independently, so two
 * doubtful values weigh less than one schema violation and several problems compound.
 */
export function quality(hits: readonly CheckHit[]): number {
  let value = 1;
  for (const hit of hits) value *= 1 - Math.min(1, Math.max(0, hit.penalty));
  return Math.round(value * 1e6) / 1e6;
}

/**
 * A hit at least this strong is evidence on its own that something is wrong. Weaker hits are
 * doubts (a value the conversation does not spell out, a date given only relatively): they grade
 * a score, but however many there are they are not evidence, so they never fail a call alone.
 */
export const CONCLUSIVE_PENALTY = 0.45;

/** The quality a pass/fail verdict is drawn from: the call's, unless only doubts lowered it. */
export function verdictQuality(hits: readonly CheckHit[], callQuality: number): number {
  return hits.some((hit) => hit.penalty >= CONCLUSIVE_PENALTY) ? callQuality : Math.max(callQuality, PASS_QUALITY);
}

export interface Verdict {
  score: number;
  passed: boolean | null;
}

/**
 * Applies the prefix. `holds` is how far the condition X is true: the quality when X names a
 * quality ("accurate parameters"), its complement when X names a defect ("fabricated values").
 * Reward: high when X holds. Penalize: low when X holds. Passes if: pass when X holds.
 * Fails if: fail when X holds.
 */
export function verdict(criterion: Pick<Criterion, "kind">, callQuality: number, describesDefect: boolean): Verdict {
  const holds = describesDefect ? 1 - callQuality : callQuality;
  const clean = callQuality >= PASS_QUALITY;
  const holdsBinary = describesDefect ? !clean : clean;
  switch (criterion.kind) {
    case "reward":
      return { score: holds, passed: null };
    case "penalize":
      return { score: 1 - holds, passed: null };
    case "passes-if":
      return { score: holdsBinary ? 1 : 0, passed: holdsBinary };
    case "fails-if":
      return { score: holdsBinary ? 0 : 1, passed: !holdsBinary };
  }
}
