/** A seeded generator (mulberry32): the same seed draws the same sample, so a queue can be explained. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Up to `limit` items taken one stratum at a time, in turn, each stratum in random order: small
 * strata (a rare tool, a criterion that seldom fails) are represented instead of drowned out.
 */
export function stratifiedSample<T>(items: readonly T[], stratum: (item: T) => string, limit: number, random: () => number): T[] {
  const strata = new Map<string, T[]>();
  for (const item of items) {
    const key = stratum(item);
    const list = strata.get(key);
    if (list) list.push(item);
    else strata.set(key, [item]);
  }
  const queues = [...strata.keys()].sort().map((key) => shuffled(strata.get(key) ?? [], random));
  const taken: T[] = [];
  for (let round = 0; taken.length < limit; round++) {
    let any = false;
    for (const queue of queues) {
      if (round < queue.length && taken.length < limit) {
        taken.push(queue[round]);
        any = true;
      }
    }
    if (!any) break;
  }
  return taken;
}
