/** What picking needs to know of a candidate call. */
export interface SampleCandidate {
  transcriptId: string;
  toolName: string;
}

/**
 * `count` calls that show a criterion on as many different tools and transcripts as there are,
 * deterministically: candidates come in order of preference (the most recent transcripts
 * first), and each pass relaxes one wish: a new tool in a new transcript, then a new tool, then
 * a new transcript, then anything left. The result keeps the candidates' order.
 */
export function pickPreviewCalls<T extends SampleCandidate>(candidates: readonly T[], count: number): T[] {
  const picked = new Set<number>();
  const tools = new Set<string>();
  const transcripts = new Set<string>();
  const passes: ((candidate: T) => boolean)[] = [
    (candidate) => !tools.has(candidate.toolName) && !transcripts.has(candidate.transcriptId),
    (candidate) => !tools.has(candidate.toolName),
    (candidate) => !transcripts.has(candidate.transcriptId),
    () => true,
  ];
  for (const wanted of passes) {
    for (let index = 0; index < candidates.length && picked.size < count; index++) {
      const candidate = candidates[index];
      if (picked.has(index) || !wanted(candidate)) continue;
      picked.add(index);
      tools.add(candidate.toolName);
      transcripts.add(candidate.transcriptId);
    }
  }
  return [...picked].sort((a, b) => a - b).map((index) => candidates[index]);
}

/**
 * `count` calls, those the criteria apply to first (picked among themselves as pickPreviewCalls
 * does), then others only to fill up when fewer apply; `applicable` says how many of the calls
 * given are of the first kind.
 */
export function pickApplicableCalls<T extends SampleCandidate>(candidates: readonly T[], applies: (candidate: T) => boolean, count: number): { calls: T[]; applicable: number } {
  const relevant = pickPreviewCalls(candidates.filter(applies), count);
  const others = relevant.length < count ? pickPreviewCalls(candidates.filter((candidate) => !applies(candidate)), count - relevant.length) : [];
  return { calls: [...relevant, ...others], applicable: relevant.length };
}
