/**
 * The Wilson score interval of a proportion (95% by default): unlike the plain rate it stays
 * honest for small counts, so 1 pass of 1 reads as "somewhere from 21% to 100%", not as 100%.
 * Null when there is nothing to estimate from.
 */
export function wilsonInterval(successes: number, total: number, z = 1.96): { low: number; high: number } | null {
  if (!(total > 0) || successes < 0 || successes > total) return null;
  const p = successes / total;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Under this many results a rate is shown muted: it says little on its own. */
export const FEW_RESULTS = 10;
