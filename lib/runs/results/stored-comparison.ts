import type { ModeComparison } from "./compare-modes";

/** What the worker stores with a call's results so tables filter on it without recomputing. */
export interface StoredComparison {
  /**
   * The verdict changed between modes. For continuous criteria the verdict is score >= 0.5, so a
   * score that crosses 0.5 (0.4 → 0.6, or 0.5 → 0.49) is a flip: one filter then finds the calls
   * that hindsight turned around, whatever the scale. Null when the two modes were not both judged.
   */
  flipped: boolean | null;
  /** Hindsight score minus immediate score, continuous criteria only; null otherwise. */
  delta: number | null;
}

/**
 * The stored projection of a comparison. Binary criteria store no delta: their scores are 1 or 0,
 * so a delta would say no more than `flipped` and would mix into sorts by continuous deltas.
 */
export function storedComparison(comparison: ModeComparison): StoredComparison {
  switch (comparison.kind) {
    case "continuous":
      return { flipped: comparison.flipped, delta: comparison.delta };
    case "binary":
      return { flipped: comparison.flipped, delta: null };
    case "applicability":
    case "not-judged":
    case "incomplete":
      return { flipped: null, delta: null };
  }
}
