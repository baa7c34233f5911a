/** Levenshtein distance; criteria prefixes are short, so the quadratic table is fine. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate whose words are closest to the first words of `text`. Only as many words as
 * the candidate has are compared, so a long condition does not drown the prefix.
 */
export function closestByFirstWords(text: string, candidates: readonly string[]): string {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  let best = candidates[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const target = candidate.toLowerCase();
    const head = words.slice(0, target.split(" ").length).join(" ");
    // Normalise by length so that a short prefix is not favoured just for being short.
    const distance = editDistance(head, target) / Math.max(target.length, 1);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best;
}
