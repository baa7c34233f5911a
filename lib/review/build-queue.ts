import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judging/judges/types";
import { finite } from "@/lib/runs/results/finite";
import { passes } from "@/lib/runs/results/verdict";
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

/**
 * A finished agent-level result of a run (one transcript × agent criterion) that a queue may take.
 * It has no call, tool or mode: a filter restricted to tools or modes leaves it out.
 */
export interface AgentQueueCandidate {
  transcriptEvaluationId: string;
  transcriptId: string;
  criterionId: string;
  scale: CriterionScale;
  score: number | null;
  passed: boolean | null;
  /** As QueueCandidate's: the transcript's place in the run and the criterion's; it reads after the transcript's calls. */
  sortKey: { transcript: string; criterion: number };
}

/** One call × criterion to queue, the result that stands for it, and why. */
export interface CallQueueSelection {
  evaluationId: string;
  toolCallId: string;
  reasons: QueueReason[];
}

/** One transcript × agent criterion to queue, and why. */
export interface AgentQueueSelection {
  transcriptEvaluationId: string;
  reasons: QueueReason[];
}

/** What a queue item reviews: a call × criterion or a transcript × agent criterion. */
export type QueueSelection = CallQueueSelection | AgentQueueSelection;

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

/** A transcript × agent criterion, in the same key space as pairKey (a prefix keeps the two apart). */
export const agentPairKey = (candidate: { transcriptId: string; criterionId: string }) => `transcript\u0000${candidate.transcriptId}\u0000${candidate.criterionId}`;

const isAgent = (candidate: QueueCandidate | AgentQueueCandidate): candidate is AgentQueueCandidate => "transcriptEvaluationId" in candidate;

function withinScope(candidate: QueueCandidate, filter: QueueFilter): boolean {
  if (filter.scopes && !filter.scopes.includes("call")) return false;
  if (filter.criterionIds && !filter.criterionIds.includes(candidate.criterionId)) return false;
  if (filter.modes && !filter.modes.includes(candidate.mode)) return false;
  if (filter.toolNames && !filter.toolNames.includes(candidate.toolName)) return false;
  return true;
}

/** An agent-level result has no tool and no mode: restricting either means calls only. */
function agentWithinScope(candidate: AgentQueueCandidate, filter: QueueFilter): boolean {
  if (filter.scopes && !filter.scopes.includes("agent")) return false;
  if (filter.criterionIds && !filter.criterionIds.includes(candidate.criterionId)) return false;
  return !filter.modes && !filter.toolNames;
}

/**
 * The reasons that hold for one result on its own: "failed" is the verdict the rest of the app
 * shows (lib/runs/results/verdict), so a continuous score under PASS_THRESHOLD fails too; "low-score"
 * only concerns continuous criteria, whose scores carry more than pass/fail (binary scores are 0 or 1).
 */
function ownReasons(candidate: { scale: CriterionScale; score: number | null; passed: boolean | null }, filter: QueueFilter): QueueReason[] {
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

/** A matched call pair or agent result, as sampling and ordering see it. */
interface Matched {
  key: string;
  item: QueueSelection;
  /** Criterion, tool (or the whole transcript) and verdict, for a stratified sample. */
  stratum: string;
  order: { transcript: string; call: number; criterion: number; id: string };
}

// Agent-level results read after every call of their transcript.
const AFTER_CALLS = Number.MAX_SAFE_INTEGER;

const verdictName = (result: { scale: CriterionScale; score: number | null; passed: boolean | null }) => {
  const verdict = passes(result.scale, result.score, result.passed);
  return verdict === null ? "none" : verdict ? "pass" : "fail";
};

function callMatched(key: string, { representative, reasons }: MatchedPair): Matched {
  return {
    key,
    item: { evaluationId: representative.evaluationId, toolCallId: representative.toolCallId, reasons },
    // The stratum of a pair: its criterion, its tool and the verdict of the result that stands for it.
    stratum: `${representative.criterionId}\u0000${representative.toolName}\u0000${verdictName(representative)}`,
    order: { ...representative.sortKey, id: representative.evaluationId },
  };
}

function agentMatched(candidate: AgentQueueCandidate, reasons: QueueReason[]): Matched {
  return {
    key: agentPairKey(candidate),
    item: { transcriptEvaluationId: candidate.transcriptEvaluationId, reasons },
    // The whole transcript stands where a call's tool would: an agent criterion is its own stratum.
    stratum: `${candidate.criterionId}\u0000\u0000transcript\u0000${verdictName(candidate)}`,
    order: { transcript: candidate.sortKey.transcript, call: AFTER_CALLS, criterion: candidate.sortKey.criterion, id: candidate.transcriptEvaluationId },
  };
}

function readingOrder(a: Matched, b: Matched): number {
  if (a.order.transcript !== b.order.transcript) return a.order.transcript < b.order.transcript ? -1 : 1;
  return a.order.call - b.order.call || a.order.criterion - b.order.criterion || (a.order.id < b.order.id ? -1 : a.order.id > b.order.id ? 1 : 0);
}

function sampled(pairs: Matched[], filter: QueueFilter): Matched[] {
  const limit = filter.limit ?? pairs.length;
  const random = seededRandom(filter.seed ?? 0);
  switch (filter.sampling) {
    case "random":
      return shuffled(pairs, random).slice(0, limit);
    case "stratified":
      return stratifiedSample(pairs, (pair) => pair.stratum, limit, random);
    case "all":
      return pairs.slice(0, limit);
  }
}

/**
 * The call × criterion pairs and agent-level results (transcript × agent criterion) a queue built
 * with `filter` takes from `candidates`, each once: a call pair with every reason that holds in
 * either mode, an agent result for failing or scoring low (it has no modes to flip between). Keys
 * in `queuedPairs` (pairKey or agentPairKey -> the queue holding it) are counted, not taken again.
 * A sample or a limit then picks among the new ones, call pairs and agent results together; the
 * result is in reading order.
 */
export function selectQueueItems(candidates: readonly (QueueCandidate | AgentQueueCandidate)[], filter: QueueFilter, queuedPairs: ReadonlyMap<string, string>): QueueSelectionResult {
  const calls: QueueCandidate[] = [];
  const agents = new Map<string, AgentQueueCandidate>();
  for (const candidate of candidates) {
    if (isAgent(candidate)) agents.set(candidate.transcriptEvaluationId, candidate);
    else calls.push(candidate);
  }
  const unique = [...new Map(calls.map((candidate) => [candidate.evaluationId, candidate])).values()];
  const pairs = matchPairs(
    unique.filter((candidate) => withinScope(candidate, filter)),
    filter,
  );
  const matches: Matched[] = [...pairs.entries()].map(([key, pair]) => callMatched(key, pair));
  for (const agent of agents.values()) {
    if (!agentWithinScope(agent, filter)) continue;
    const reasons = ownReasons(agent, filter);
    if (reasons.length > 0) matches.push(agentMatched(agent, canonicalReasons(reasons)));
  }
  const fresh = matches.filter((match) => !queuedPairs.has(match.key));
  const held = new Map<string, number>();
  for (const match of matches) {
    const queueId = queuedPairs.get(match.key);
    if (queueId !== undefined) held.set(queueId, (held.get(queueId) ?? 0) + 1);
  }
  fresh.sort(readingOrder);
  const taken = sampled(fresh, filter).sort(readingOrder);
  return {
    items: taken.map((match) => match.item),
    alreadyQueued: matches.length - fresh.length,
    heldBy: [...held.entries()].sort((a, b) => b[1] - a[1]).map(([queueId]) => queueId),
    matched: fresh.length,
  };
}
