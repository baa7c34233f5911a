import { describe, expect, it } from "vitest";
import { selectQueueItems, type QueueCandidate } from "./build-queue";
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

const none = new Set<string>();
const filter = (input: QueueFilterInput = {}) => queueFilterSchema.parse(input);
const ids = (result: ReturnType<typeof selectQueueItems>) => result.items.map((item) => item.evaluationId);

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

  it("adds the flip to the hindsight result's own reasons, and still queues a failing immediate one", () => {
    const { immediate, hindsight } = flippedPair(true);
    const result = selectQueueItems([hindsight, immediate], DEFAULT_QUEUE_FILTER, none);
    // The immediate result passed: only the hindsight one is queued, for both reasons.
    expect(result.items.map((item) => [item.evaluationId, item.reasons])).toEqual([[hindsight.evaluationId, ["failed", "flipped"]]]);
    const other = flippedPair(false);
    expect(selectQueueItems([other.immediate, other.hindsight], DEFAULT_QUEUE_FILTER, none).items.map((item) => [item.evaluationId, item.reasons])).toEqual([
      [other.immediate.evaluationId, ["failed"]],
      [other.hindsight.evaluationId, ["flipped"]],
    ]);
  });

  it("ignores flips when the filter does", () => {
    const { immediate, hindsight } = flippedPair(false);
    expect(ids(selectQueueItems([immediate, hindsight], filter({ flipped: false, lowScore: false }), none))).toEqual([immediate.evaluationId]);
  });

  it("does not fall back to the immediate result when the hindsight one is already queued", () => {
    const { immediate, hindsight } = flippedPair(true);
    const result = selectQueueItems([immediate, hindsight], filter({ failed: false }), new Set([hindsight.evaluationId]));
    expect(result).toEqual({ items: [], alreadyQueued: 1 });
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
    const result = selectQueueItems([a, b, passing], DEFAULT_QUEUE_FILTER, new Set([a.evaluationId, passing.evaluationId]));
    expect(ids(result)).toEqual([b.evaluationId]);
    // The passing one was queued elsewhere but does not match this filter: not counted.
    expect(result.alreadyQueued).toBe(1);
  });

  it("gives nothing the second time round", () => {
    const candidates = [candidate({ passed: false }), candidate({ scale: "continuous", passed: null, score: 0.1 })];
    const first = selectQueueItems(candidates, DEFAULT_QUEUE_FILTER, none);
    const second = selectQueueItems(candidates, DEFAULT_QUEUE_FILTER, new Set(ids(first)));
    expect(second).toEqual({ items: [], alreadyQueued: 2 });
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

  it("orders by transcript, call, criterion, then immediate before hindsight, whatever the input order", () => {
    const at = (transcript: string, call: number, criterion: number, mode: "immediate" | "hindsight") =>
      candidate({ passed: false, mode, evaluationId: `${transcript}-${call}-${criterion}-${mode}`, sortKey: { transcript, call, criterion } });
    const ordered = [at("t1", 1, 0, "immediate"), at("t1", 1, 0, "hindsight"), at("t1", 1, 1, "immediate"), at("t1", 2, 0, "hindsight"), at("t2", 1, 0, "immediate")];
    const shuffled = [ordered[3], ordered[4], ordered[1], ordered[0], ordered[2]];
    expect(ids(selectQueueItems(shuffled, DEFAULT_QUEUE_FILTER, none))).toEqual(ordered.map((c) => c.evaluationId));
  });
});
