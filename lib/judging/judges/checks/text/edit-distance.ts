// Two rows reused from call to call: the checks compare a called name with every offered one,
// and a table (or a row) allocated per comparison is most of the cost.
let previous = new Int32Array(64);
let current = new Int32Array(64);

/** Levenshtein distance, as `editDistance` of `@/lib/criteria/suggest`, without allocating. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  if (b.length + 1 > previous.length) {
    previous = new Int32Array(b.length + 1);
    current = new Int32Array(b.length + 1);
  }
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = char === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    const row = previous;
    previous = current;
    current = row;
  }
  return previous[b.length];
}
