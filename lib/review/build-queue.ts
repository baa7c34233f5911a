import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judges/types";
import { finite } from "@/lib/results/finite";
import { passes } from "@/lib/results/verdict";
import type { QueueFilter } from "./queue-filter";
import { canonicalReasons, type QueueReason } from "./reasons";

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

/** One result to queue and why. */
export interface QueueSelection {
  evaluationId: string;
  toolCallId: string;
  reasons: QueueReason[];
}

/** What a filter picked from the candidates. */
export interface QueueSelectionResult {
  /** In reading order: transcript, call, criterion, then immediate before hindsight. */
  items: QueueSelection[];
  /** Results the filter matched that some queue already holds (a result is queued once). */
  alreadyQueued: number;
}

const pairKey = (candidate: QueueCandidate) => `${candidate.toolCallId}\u0000${candidate.criterionId}`;

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

/**
 * A flip is one disagreement between two results of the same call and criterion; reviewing it
 * once is enough, and the hindsight result saw more, so it stands for the pair unless the
 * filter or the run left only the immediate one.
 */
function flipRepresentatives(candidates: readonly QueueCandidate[]): Set<string> {
  const byPair = new Map<string, QueueCandidate>();
  for (const candidate of candidates) {
    if (candidate.flipped !== true) continue;
    const key = pairKey(candidate);
    const chosen = byPair.get(key);
    if (!chosen || (chosen.mode === "immediate" && candidate.mode === "hindsight")) byPair.set(key, candidate);
  }
  return new Set([...byPair.values()].map((candidate) => candidate.evaluationId));
}

const MODE_ORDER: Record<ViewMode, number> = { immediate: 0, hindsight: 1 };

function readingOrder(a: QueueCandidate, b: QueueCandidate): number {
  if (a.sortKey.transcript !== b.sortKey.transcript) return a.sortKey.transcript < b.sortKey.transcript ? -1 : 1;
  return (
    a.sortKey.call - b.sortKey.call ||
    a.sortKey.criterion - b.sortKey.criterion ||
    MODE_ORDER[a.mode] - MODE_ORDER[b.mode] ||
    (a.evaluationId < b.evaluationId ? -1 : a.evaluationId > b.evaluationId ? 1 : 0)
  );
}

/**
 * The results a queue built with `filter` takes from `candidates`, each once, with every reason
 * that holds for it; results in `alreadyQueued` (evaluation ids) are counted, not taken again.
 */
export function selectQueueItems(candidates: readonly QueueCandidate[], filter: QueueFilter, alreadyQueued: ReadonlySet<string>): QueueSelectionResult {
  const unique = [...new Map(candidates.map((candidate) => [candidate.evaluationId, candidate])).values()];
  const inScope = unique.filter((candidate) => withinScope(candidate, filter));
  const flipped = filter.flipped ? flipRepresentatives(inScope) : new Set<string>();
  const matched = inScope.flatMap((candidate) => {
    const reasons = ownReasons(candidate, filter);
    if (flipped.has(candidate.evaluationId)) reasons.push("flipped");
    return reasons.length > 0 ? [{ candidate, reasons: canonicalReasons(reasons) }] : [];
  });
  const fresh = matched.filter(({ candidate }) => !alreadyQueued.has(candidate.evaluationId));
  fresh.sort((a, b) => readingOrder(a.candidate, b.candidate));
  return {
    items: fresh.map(({ candidate, reasons }) => ({ evaluationId: candidate.evaluationId, toolCallId: candidate.toolCallId, reasons })),
    alreadyQueued: matched.length - fresh.length,
  };
}
