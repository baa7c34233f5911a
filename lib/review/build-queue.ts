import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judges/types";
import { finite } from "@/lib/results/finite";
import { passes } from "@/lib/results/verdict";
import type { QueueFilter } from "./queue-filter";
import { canonicalReasons, type QueueReason } from "./reasons";
import { seededRandom, shuffled, stratifiedSample } from "./sample";

/** A finished (status done) evaluation of a run that a queue may take. */
export interface QueueCandidate {
  evaluationId: string;
  toolCallId: string;
  criterionId: string;
  mode: ViewMode;
  scale: CriterionScale;
  score: number | null;
  passed: boolean | null;
  /** The call × criterion's immediate-versus-hindsight flip; null when the run judged one mode or the pair is not comparable. */
  flipped: boolean | null;
  toolName: string;
  /**
   * Where the result sits in the run, for a queue in reading order: `transcript` is any string
   * that sorts transcripts as the run page does (creation time, then id), `call` the call's
   * number within it, `criterion` the criterion's position in the run.
   */
  sortKey: { transcript: string; call: number; criterion: number };
}

/** One call × criterion to queue, the result that stands for it, and why. */
export interface QueueSelection {
  evaluationId: string;
  toolCallId: string;
  reasons: QueueReason[];
}

/** What a filter picked from the candidates. */
export interface QueueSelectionResult {
  /** In reading order: transcript, call, criterion. */
  items: QueueSelection[];
  /** Call × criterion pairs the filter matched that some queue already holds (a pair is queued once). */
  alreadyQueued: number;
  /** The queues holding those pairs, most pairs first: where to go when nothing new matched. */
  heldBy: string[];
  /** Pairs that matched and were new, before a sample or a limit took some of them. */
  matched: number;
}

/** A call × criterion: what a review item is about, whatever the modes judged. */
export const pairKey = (candidate: { toolCallId: string; criterionId: string }) => `${candidate.toolCallId}\u0000${candidate.criterionId}`;

function withinScope(candidate: QueueCandidate, filter: QueueFilter): boolean {
  if (filter.criterionIds && !filter.criterionIds.includes(candidate.criterionId)) return false;
  if (filter.modes && !filter.modes.includes(candidate.mode)) return false;
  if (filter.toolNames && !filter.toolNames.includes(candidate.toolName)) return false;
  return true;
}

/**
 * The reasons that hold for one result on its own: "failed" is the verdict the rest of the app
 * shows (lib/results/verdict), so a continuous score under PASS_THRESHOLD fails too; "low-score"
 * only concerns continuous criteria, whose scores carry more than pass/fail (binary scores are 0 or 1).
 */
function ownReasons(candidate: QueueCandidate, filter: QueueFilter): QueueReason[] {
  const reasons: QueueReason[] = [];
  if (filter.failed && passes(candidate.scale, candidate.score, candidate.passed) === false) reasons.push("failed");
  const score = finite(candidate.score);
  if (filter.lowScore && candidate.scale === "continuous" && score !== null && score < filter.scoreBelow) reasons.push("low-score");
  return reasons;
}

interface MatchedPair {
  /** The result the item stands on: hindsight, which saw more, unless only the immediate one matched. */
  representative: QueueCandidate;
  reasons: QueueReason[];
}

/**
 * One entry per call × criterion that matches: the immediate and hindsight results of a call are
 * one thing to review (the item shows both), so a flip, or a fail in both modes, is queued once
 * with every reason that holds in either mode.
 */
function matchPairs(candidates: readonly QueueCandidate[], filter: QueueFilter): Map<string, MatchedPair> {
  const pairs = new Map<string, MatchedPair>();
  for (const candidate of candidates) {
    const reasons = ownReasons(candidate, filter);
    if (filter.flipped && candidate.flipped === true) reasons.push("flipped");
    if (reasons.length === 0) continue;
    const key = pairKey(candidate);
    const pair = pairs.get(key);
    if (!pair) {
      pairs.set(key, { representative: candidate, reasons: canonicalReasons(reasons) });
      continue;
    }
    pair.reasons = canonicalReasons([...pair.reasons, ...reasons]);
    if (pair.representative.mode === "immediate" && candidate.mode === "hindsight") pair.representative = candidate;
  }
  return pairs;
}

function readingOrder(a: QueueCandidate, b: QueueCandidate): number {
  if (a.sortKey.transcript !== b.sortKey.transcript) return a.sortKey.transcript < b.sortKey.transcript ? -1 : 1;
  return a.sortKey.call - b.sortKey.call || a.sortKey.criterion - b.sortKey.criterion || (a.evaluationId < b.evaluationId ? -1 : a.evaluationId > b.evaluationId ? 1 : 0);
}

/** The stratum of a pair: its criterion, its tool and the verdict of the result that stands for it. */
function stratumOf(pair: MatchedPair): string {
  const { representative } = pair;
  const verdict = passes(representative.scale, representative.score, representative.passed);
  return `${representative.criterionId}\u0000${representative.toolName}\u0000${verdict === null ? "none" : verdict ? "pass" : "fail"}`;
}

function sampled(pairs: MatchedPair[], filter: QueueFilter): MatchedPair[] {
  const limit = filter.limit ?? pairs.length;
  const random = seededRandom(filter.seed ?? 0);
  switch (filter.sampling) {
    case "random":
      return shuffled(pairs, random).slice(0, limit);
    case "stratified":
      return stratifiedSample(pairs, stratumOf, limit, random);
    case "all":
      return pairs.slice(0, limit);
  }
}

/**
 * The call × criterion pairs a queue built with `filter` takes from `candidates`, each once, with
 * every reason that holds in either mode; pairs in `queuedPairs` (pairKey -> the queue holding
 * it) are counted, not taken again. A sample or a limit then picks among the new ones; the result is in reading order.
 */
export function selectQueueItems(candidates: readonly QueueCandidate[], filter: QueueFilter, queuedPairs: ReadonlyMap<string, string>): QueueSelectionResult {
  const unique = [...new Map(candidates.map((candidate) => [candidate.evaluationId, candidate])).values()];
  const pairs = matchPairs(
    unique.filter((candidate) => withinScope(candidate, filter)),
    filter,
  );
  const fresh = [...pairs.entries()].filter(([key]) => !queuedPairs.has(key)).map(([, pair]) => pair);
  const held = new Map<string, number>();
  for (const key of pairs.keys()) {
    const queueId = queuedPairs.get(key);
    if (queueId !== undefined) held.set(queueId, (held.get(queueId) ?? 0) + 1);
  }
  fresh.sort((a, b) => readingOrder(a.representative, b.representative));
  const taken = sampled(fresh, filter).sort((a, b) => readingOrder(a.representative, b.representative));
  return {
    items: taken.map(({ representative, reasons }) => ({ evaluationId: representative.evaluationId, toolCallId: representative.toolCallId, reasons })),
    alreadyQueued: pairs.size - fresh.length,
    heldBy: [...held.entries()].sort((a, b) => b[1] - a[1]).map(([queueId]) => queueId),
    matched: fresh.length,
  };
}
