/**
 * Whether a monitor sampling at `rate` judges this transcript. The draw is a hash of the two ids
 * (FNV-1a, 32 bits), not a random number: a transcript that arrives again (a trace changed by late
 * spans, a restart) gets the same answer, and a backfill picks the same transcripts live judging did.
 */
export function sampled(monitorId: string, transcriptId: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  let hash = 0x811c9dc5;
  const key = `${monitorId}\u0000${transcriptId}`;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 4294967296 < rate;
}
