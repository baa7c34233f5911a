import { describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_FILTER, describeQueueFilter, parseStoredQueueFilter, queueFilterSchema } from "./queue-filter";
import { canonicalReasons, parseReasons, reasonListsContaining } from "./reasons";

describe("queueFilterSchema", () => {
  it("defaults to failed, low scores under 0.5 and flips, unrestricted and unsampled", () => {
    expect(DEFAULT_QUEUE_FILTER).toEqual({ failed: true, lowScore: true, scoreBelow: 0.5, flipped: true, sampling: "all" });
  });

  it("keeps restrictions, de-duplicated, and reads empty lists as no restriction", () => {
    const filter = queueFilterSchema.parse({ criterionIds: ["a", "a", "b"], modes: ["hindsight", "hindsight"], toolNames: [] });
    expect(filter).toMatchObject({ criterionIds: ["a", "b"], modes: ["hindsight"] });
    expect(filter.toolNames).toBeUndefined();
  });

  it("refuses a filter with no reason to queue anything, saying which reasons exist", () => {
    const parsed = queueFilterSchema.safeParse({ failed: false, lowScore: false, flipped: false });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("Choose at least one reason to queue a result: failed, low score or flipped.");
  });

  it.each([[-0.1], [1.5], [Number.NaN], ["0.3"]])("refuses the score threshold %s", (scoreBelow) => {
    const parsed = queueFilterSchema.safeParse({ scoreBelow });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(["scoreBelow"]);
    expect(parsed.error?.issues[0].message).toMatch(/from 0 to 1/);
  });

  it("refuses unknown modes and blank ids", () => {
    expect(queueFilterSchema.safeParse({ modes: ["auto"] }).error?.issues[0].message).toBe("A mode is immediate or hindsight.");
    expect(queueFilterSchema.safeParse({ criterionIds: ["  "] }).success).toBe(false);
  });

  it("reads a stored filter back, or the default when it no longer parses", () => {
    expect(parseStoredQueueFilter({ failed: false, flipped: true, lowScore: false })).toMatchObject({ failed: false, flipped: true, lowScore: false });
    expect(parseStoredQueueFilter("garbage")).toEqual(DEFAULT_QUEUE_FILTER);
  });

  it("describes a filter in one line", () => {
    expect(describeQueueFilter(DEFAULT_QUEUE_FILTER)).toBe("failed, score below 0.5, flipped");
    expect(describeQueueFilter(queueFilterSchema.parse({ lowScore: false, flipped: false, criterionIds: ["a", "b"], modes: ["hindsight"], toolNames: ["search"] }))).toBe(
      "failed · 2 criteria · hindsight · tool search",
    );
  });
});

describe("queue reasons", () => {
  it("are stored in one canonical order without repeats", () => {
    expect(canonicalReasons(["flipped", "failed", "flipped"])).toEqual(["failed", "flipped"]);
    expect(parseReasons(["flipped", "bogus", "low-score"])).toEqual(["low-score", "flipped"]);
    expect(parseReasons({ not: "a list" })).toEqual([]);
  });

  it("list every stored list that holds a reason", () => {
    expect(reasonListsContaining("flipped")).toEqual([["flipped"], ["failed", "flipped"], ["low-score", "flipped"], ["failed", "low-score", "flipped"]]);
    expect(reasonListsContaining("failed")).toHaveLength(4);
  });
});

describe("the scopes of a queue filter", () => {
  it("takes call, agent or both (an empty list), and says which in the queue list", () => {
    expect(queueFilterSchema.parse({ scopes: ["agent", "agent"] }).scopes).toEqual(["agent"]);
    expect(queueFilterSchema.parse({ scopes: [] }).scopes).toBeUndefined();
    expect(describeQueueFilter(queueFilterSchema.parse({ scopes: ["agent"] }))).toBe("failed, score below 0.5, flipped · agent-level only");
    expect(describeQueueFilter(queueFilterSchema.parse({ scopes: ["call", "agent"] }))).toBe("failed, score below 0.5, flipped");
  });

  it("refuses an unknown scope with a message that names the choices", () => {
    const parsed = queueFilterSchema.safeParse({ scopes: ["transcript"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("A scope is call or agent.");
  });
});
