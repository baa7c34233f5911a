import { describe, expect, it } from "vitest";
import { agentPairKey, pairKey, selectQueueItems, type AgentQueueCandidate, type CallQueueSelection, type QueueCandidate, type QueueSelection } from "./build-queue";
import { DEFAULT_QUEUE_FILTER, queueFilterSchema, type QueueFilterInput } from "./queue-filter";

let counter = 0;
function candidate(overrides: Partial<QueueCandidate> = {}): QueueCandidate {
  counter++;
  return {
    evaluationId: `e${counter}`,
    toolCallId: `call${counter}`,
    criterionId: "binary",
    mode: "hindsight",
    scale: "binary",
    score: 1,
    passed: true,
    flipped: null,
    toolName: "search",
    sortKey: { transcript: "t1", call: counter, criterion: 0 },
    ...overrides,
  };
}

const none = new Map<string, string>();
/** Pairs already held by queue "q1". */
const heldByQ1 = (...candidates: QueueCandidate[]) => new Map(candidates.map((c) => [pairKey(c), "q1"]));
const filter = (input: QueueFilterInput = {}) => queueFilterSchema.parse(input);
/** The id of the result each item stands on: an Evaluation's, or a TranscriptEvaluation's for an agent item. */
const resultId = (item: QueueSelection) => ("transcriptEvaluationId" in item ? item.transcriptEvaluationId : item.evaluationId);
const ids = (result: ReturnType<typeof selectQueueItems>) => result.items.map(resultId);
/** Call items only: these tests give no agent candidates. */
const callItemsOf = (result: ReturnType<typeof selectQueueItems>) => result.items.filter((item): item is CallQueueSelection => "evaluationId" in item);

describe("selectQueueItems with the default filter", () => {
  it("takes failed and low-scoring results and leaves passing ones", () => {
    const binaryFail = candidate({ passed: false, score: 0 });
    const binaryPass = candidate();
    const lowScore = candidate({ scale: "continuous", passed: null, score: 0.2, criterionId: "reward" });
    const goodScore = candidate({ scale: "continuous", passed: null, score: 0.9, criterionId: "reward" });
    const result = selectQueueItems([binaryFail, binaryPass, lowScore, goodScore], DEFAULT_QUEUE_FILTER, none);
    expect(result.items).toEqual([
      { evaluationId: binaryFail.evaluationId, toolCallId: binaryFail.toolCallId, reasons: ["failed"] },
      // Under the pass threshold a continuous score fails too: both reasons hold.
      { evaluationId: lowScore.evaluationId, toolCallId: lowScore.toolCallId, reasons: ["failed", "low-score"] },
    ]);
    expect(result.alreadyQueued).toBe(0);
    expect(result.matched).toBe(2);
  });

  it("reads a binary verdict from its score when the judge gave no `passed`", () => {
    const scoredOnly = candidate({ passed: null, score: 0 });
    expect(ids(selectQueueItems([scoredOnly], DEFAULT_QUEUE_FILTER, none))).toEqual([scoredOnly.evaluationId]);
  });

  it("ignores results without a usable value", () => {
    const empty = candidate({ passed: null, score: null });
    const nan = candidate({ scale: "continuous", passed: null, score: Number.NaN });
    expect(selectQueueItems([empty, nan], DEFAULT_QUEUE_FILTER, none).items).toEqual([]);
  });
});

describe("low scores", () => {
  it("uses the filter's threshold and applies to continuous criteria only", () => {
    const borderline = candidate({ scale: "continuous", passed: null, score: 0.6 });
    const binaryZero = candidate({ scale: "binary", passed: true, score: 0 });
    const result = selectQueueItems([borderline, binaryZero], filter({ failed: false, flipped: false, scoreBelow: 0.7 }), none);
    expect(result.items).toEqual([{ evaluationId: borderline.evaluationId, toolCallId: borderline.toolCallId, reasons: ["low-score"] }]);
  });

  it("is strict: a score equal to the threshold is not low", () => {
    const atThreshold = candidate({ scale: "continuous", passed: null, score: 0.7 });
    expect(selectQueueItems([atThreshold], filter({ failed: false, flipped: false, scoreBelow: 0.7 }), none).items).toEqual([]);
  });

  it("takes a failing continuous score under `failed` alone when low scores are off", () => {
    const low = candidate({ scale: "continuous", passed: null, score: 0.1 });
    expect(selectQueueItems([low], filter({ lowScore: false }), none).items[0].reasons).toEqual(["failed"]);
  });
});

describe("flips", () => {
  function flippedPair(immediatePasses: boolean) {
    const key = { toolCallId: "flip-call", criterionId: "binary", flipped: true };
    const immediate = candidate({ ...key, mode: "immediate", passed: immediatePasses, score: immediatePasses ? 1 : 0 });
    const hindsight = candidate({ ...key, mode: "hindsight", passed: !immediatePasses, score: immediatePasses ? 0 : 1 });
    return { immediate, hindsight };
  }

  it("queues the hindsight result of a flipped call × criterion, once", () => {
    const { immediate, hindsight } = flippedPair(false);
    const result = selectQueueItems([immediate, hindsight], filter({ failed: false }), none);
    expect(result.items).toEqual([{ evaluationId: hindsight.evaluationId, toolCallId: "flip-call", reasons: ["flipped"] }]);
  });

  it("takes the immediate result when the hindsight one is missing or filtered out", () => {
    const { immediate, hindsight } = flippedPair(true);
    expect(ids(selectQueueItems([immediate], filter({ failed: false }), none))).toEqual([immediate.evaluationId]);
    expect(ids(selectQueueItems([immediate, hindsight], filter({ failed: false, modes: ["immediate"] }), none))).toEqual([immediate.evaluationId]);
  });

  it("queues a call × criterion once, on its hindsight result, with every reason from either mode", () => {
    const { immediate, hindsight } = flippedPair(true);
    const result = selectQueueItems([hindsight, immediate], DEFAULT_QUEUE_FILTER, none);
    expect(result.items.map((item) => [resultId(item), item.reasons])).toEqual([[hindsight.evaluationId, ["failed", "flipped"]]]);
    // The immediate result failed and the hindsight one passed: still one item, standing on hindsight.
    const other = flippedPair(false);
    expect(selectQueueItems([other.immediate, other.hindsight], DEFAULT_QUEUE_FILTER, none).items.map((item) => [resultId(item), item.reasons])).toEqual([
      [other.hindsight.evaluationId, ["failed", "flipped"]],
    ]);
  });

  it("queues a call that fails in both modes once", () => {
    const key = { toolCallId: "both-fail", criterionId: "binary" };
    const immediate = candidate({ ...key, mode: "immediate", passed: false, score: 0 });
    const hindsight = candidate({ ...key, mode: "hindsight", passed: false, score: 0 });
    expect(ids(selectQueueItems([immediate, hindsight], DEFAULT_QUEUE_FILTER, none))).toEqual([hindsight.evaluationId]);
  });

  it("ignores flips when the filter does", () => {
    const { immediate, hindsight } = flippedPair(false);
    expect(ids(selectQueueItems([immediate, hindsight], filter({ flipped: false, lowScore: false }), none))).toEqual([immediate.evaluationId]);
  });

  it("does not queue a call × criterion again when either of its results is already queued", () => {
    const { immediate, hindsight } = flippedPair(true);
    const result = selectQueueItems([immediate, hindsight], filter({ failed: false }), heldByQ1(hindsight));
    expect(result).toEqual({ items: [], alreadyQueued: 1, heldBy: ["q1"], matched: 0 });
  });
});

describe("de-duplication", () => {
  it("takes a repeated candidate once", () => {
    const failed = candidate({ passed: false, score: 0 });
    expect(selectQueueItems([failed, { ...failed }, failed], DEFAULT_QUEUE_FILTER, none).items).toHaveLength(1);
  });

  it("skips and counts results some queue already holds", () => {
    const a = candidate({ passed: false });
    const b = candidate({ passed: false });
    const passing = candidate();
    const result = selectQueueItems([a, b, passing], DEFAULT_QUEUE_FILTER, heldByQ1(a, passing));
    expect(ids(result)).toEqual([b.evaluationId]);
    // The passing one was queued elsewhere but does not match this filter: not counted.
    expect(result.alreadyQueued).toBe(1);
  });

  it("gives nothing the second time round", () => {
    const candidates = [candidate({ passed: false }), candidate({ scale: "continuous", passed: null, score: 0.1 })];
    const first = selectQueueItems(candidates, DEFAULT_QUEUE_FILTER, none);
    const second = selectQueueItems(candidates, DEFAULT_QUEUE_FILTER, new Map(callItemsOf(first).map((item) => [pairKey({ toolCallId: item.toolCallId, criterionId: candidates.find((c) => c.evaluationId === item.evaluationId)?.criterionId ?? "" }), "q1"])));
    expect(second).toEqual({ items: [], alreadyQueued: 2, heldBy: ["q1"], matched: 0 });
  });
});

describe("scope and order", () => {
  it("narrows to the filter's criteria, modes and tools", () => {
    const a = candidate({ passed: false, criterionId: "a", toolName: "search", mode: "immediate" });
    const b = candidate({ passed: false, criterionId: "b", toolName: "search", mode: "hindsight" });
    const c = candidate({ passed: false, criterionId: "a", toolName: "book", mode: "hindsight" });
    expect(ids(selectQueueItems([a, b, c], filter({ criterionIds: ["a"] }), none))).toEqual([a.evaluationId, c.evaluationId]);
    expect(ids(selectQueueItems([a, b, c], filter({ modes: ["hindsight"] }), none))).toEqual([b.evaluationId, c.evaluationId]);
    expect(ids(selectQueueItems([a, b, c], filter({ toolNames: ["book"] }), none))).toEqual([c.evaluationId]);
  });

  it("orders by transcript, call, criterion, whatever the input order", () => {
    const at = (transcript: string, call: number, criterion: number) =>
      candidate({ passed: false, criterionId: `c${criterion}`, evaluationId: `${transcript}-${call}-${criterion}`, sortKey: { transcript, call, criterion } });
    const ordered = [at("t1", 1, 0), at("t1", 1, 1), at("t1", 2, 0), at("t2", 1, 0), at("t2", 3, 2)];
    const shuffled = [ordered[3], ordered[4], ordered[1], ordered[0], ordered[2]];
    expect(ids(selectQueueItems(shuffled, DEFAULT_QUEUE_FILTER, none))).toEqual(ordered.map((c) => c.evaluationId));
  });
});

describe("samples and caps", () => {
  const failing = (n: number, over: (i: number) => Partial<QueueCandidate> = () => ({})) =>
    Array.from({ length: n }, (_, i) => candidate({ passed: false, score: 0, sortKey: { transcript: "t", call: i, criterion: 0 }, ...over(i) }));

  it("caps every match at the limit, in reading order, and says how many matched", () => {
    const all = failing(10);
    const result = selectQueueItems(all, filter({ limit: 3 }), none);
    expect(ids(result)).toEqual(all.slice(0, 3).map((c) => c.evaluationId));
    expect(result.matched).toBe(10);
  });

  it("draws a random sample that the seed repeats, returned in reading order", () => {
    const all = failing(50);
    const first = selectQueueItems(all, filter({ sampling: "random", limit: 5, seed: 7 }), none);
    const again = selectQueueItems(all, filter({ sampling: "random", limit: 5, seed: 7 }), none);
    const other = selectQueueItems(all, filter({ sampling: "random", limit: 5, seed: 8 }), none);
    expect(ids(first)).toEqual(ids(again));
    expect(ids(first)).not.toEqual(ids(other));
    expect(ids(first)).not.toEqual(all.slice(0, 5).map((c) => c.evaluationId));
    const order = ids(first).map((id) => all.findIndex((c) => c.evaluationId === id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("stratifies by criterion, tool and verdict so a rare stratum is represented", () => {
    // 40 failures of one tool, 2 of another: a random 4 would likely miss the rare tool.
    const common = failing(40, () => ({ toolName: "search" }));
    const rare = failing(2, () => ({ toolName: "refund" }));
    const result = selectQueueItems([...common, ...rare], filter({ sampling: "stratified", limit: 4, seed: 1 }), none);
    const tools = result.items.map((item) => [...common, ...rare].find((c) => c.evaluationId === resultId(item))?.toolName);
    expect(tools.filter((tool) => tool === "refund")).toHaveLength(2);
    expect(result.items).toHaveLength(4);
  });

  it("refuses a cap outside 1 to 5,000 and an unknown sampling", () => {
    expect(queueFilterSchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(queueFilterSchema.safeParse({ limit: 5001 }).success).toBe(false);
    expect(queueFilterSchema.safeParse({ limit: 2.5 }).success).toBe(false);
    expect(queueFilterSchema.safeParse({ sampling: "some" }).success).toBe(false);
  });
});

describe("agent-level results", () => {
  let agentCounter = 0;
  function agentCandidate(overrides: Partial<AgentQueueCandidate> = {}): AgentQueueCandidate {
    agentCounter++;
    return {
      transcriptEvaluationId: `te${agentCounter}`,
      transcriptId: `t${agentCounter}`,
      criterionId: "agent-binary",
      scale: "binary",
      score: 0,
      passed: false,
      sortKey: { transcript: "t1", criterion: 5 },
      ...overrides,
    };
  }

  it("takes failed and low-scoring agent results as items of their own, never as flips", () => {
    const failed = agentCandidate();
    const low = agentCandidate({ scale: "continuous", passed: null, score: 0.2, criterionId: "agent-reward" });
    const passing = agentCandidate({ passed: true, score: 1 });
    const result = selectQueueItems([failed, low, passing], DEFAULT_QUEUE_FILTER, none);
    expect(result.items).toEqual([
      { transcriptEvaluationId: failed.transcriptEvaluationId, reasons: ["failed"] },
      { transcriptEvaluationId: low.transcriptEvaluationId, reasons: ["failed", "low-score"] },
    ]);
    expect(selectQueueItems([failed], filter({ failed: false, lowScore: false, flipped: true }), none).items).toEqual([]);
  });

  it("reads after the calls of its transcript, in criterion order, and before the next transcript", () => {
    const laterTranscriptCall = candidate({ passed: false, sortKey: { transcript: "t2", call: 1, criterion: 0 } });
    const agent = agentCandidate({ sortKey: { transcript: "t1", criterion: 0 } });
    const call = candidate({ passed: false, sortKey: { transcript: "t1", call: 9, criterion: 3 } });
    const result = selectQueueItems([laterTranscriptCall, agent, call], DEFAULT_QUEUE_FILTER, none);
    expect(ids(result)).toEqual([call.evaluationId, agent.transcriptEvaluationId, laterTranscriptCall.evaluationId]);
  });

  it("is left out when the filter restricts tools, modes or asks for calls only; kept by criterion", () => {
    const agent = agentCandidate();
    const call = candidate({ passed: false });
    expect(ids(selectQueueItems([agent, call], filter({ toolNames: ["search"] }), none))).toEqual([call.evaluationId]);
    expect(ids(selectQueueItems([agent, call], filter({ modes: ["hindsight"] }), none))).toEqual([call.evaluationId]);
    expect(ids(selectQueueItems([agent, call], filter({ scopes: ["call"] }), none))).toEqual([call.evaluationId]);
    expect(ids(selectQueueItems([agent, call], filter({ scopes: ["agent"] }), none))).toEqual([agent.transcriptEvaluationId]);
    expect(ids(selectQueueItems([agent, call], filter({ criterionIds: ["agent-binary"] }), none))).toEqual([agent.transcriptEvaluationId]);
  });

  it("is not queued twice, and counts where it is held", () => {
    const agent = agentCandidate();
    const result = selectQueueItems([agent, { ...agent }], DEFAULT_QUEUE_FILTER, new Map([[agentPairKey(agent), "q2"]]));
    expect(result).toEqual({ items: [], alreadyQueued: 1, heldBy: ["q2"], matched: 0 });
    // The key of a transcript × criterion never meets a call × criterion's, even with equal ids.
    expect(agentPairKey({ transcriptId: "x", criterionId: "c" })).not.toBe(pairKey({ toolCallId: "x", criterionId: "c" }));
  });

  it("shares the cap with call pairs and is a stratum of its own in a stratified sample", () => {
    const calls = Array.from({ length: 6 }, () => candidate({ passed: false }));
    const agents = Array.from({ length: 2 }, () => agentCandidate());
    const capped = selectQueueItems([...calls, ...agents], filter({ limit: 3 }), none);
    expect(capped.items).toHaveLength(3);
    expect(capped.matched).toBe(8);
    const stratified = selectQueueItems([...calls, ...agents], filter({ sampling: "stratified", limit: 4, seed: 3 }), none);
    expect(stratified.items.filter((item) => "transcriptEvaluationId" in item)).toHaveLength(2);
    expect(stratified.items).toHaveLength(4);
  });
});
