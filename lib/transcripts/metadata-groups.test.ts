import { describe, expect, it } from "vitest";
import { foldGroups, outcomeKey, tagCountRows } from "./metadata-groups";

const row = (key: string | null, success: boolean | null, transcripts: number, rewards: number[] = []) => ({
  key,
  success,
  transcripts,
  rewardSum: rewards.reduce((a, b) => a + b, 0),
  rewarded: rewards.length,
});

describe("foldGroups", () => {
  it("adds the outcome rows of each key into one group with its success rate and mean reward", () => {
    const { groups, more } = foldGroups([row("gpt", true, 3, [1, 1, 1]), row("gpt", false, 1, [0]), row("gpt", null, 2)]);
    expect(more).toBe(0);
    expect(groups).toEqual([{ key: "gpt", transcripts: 6, successes: 3, failures: 1, successRate: 0.75, meanReward: 0.75 }]);
  });

  it("has no rate or mean when no transcript of the group has an outcome or a reward", () => {
    expect(foldGroups([row("a", null, 4)]).groups[0]).toMatchObject({ successRate: null, meanReward: null });
  });

  it("orders groups largest first, by key on ties, and the group without a value last", () => {
    const { groups } = foldGroups([row(null, null, 10), row("b", true, 2), row("a", true, 2), row("c", false, 5)]);
    expect(groups.map((g) => g.key)).toEqual(["c", "a", "b", null]);
  });

  it("keeps at most the limit and says how many were left out", () => {
    const { groups, more } = foldGroups([row("a", true, 3), row("b", true, 2), row("c", true, 1)], 2);
    expect(groups.map((g) => g.key)).toEqual(["a", "b"]);
    expect(more).toBe(1);
  });

  it("never leaves out the largest group, even the one without a value", () => {
    const { groups, more } = foldGroups([row(null, null, 300), row("1", true, 4), row("2", true, 4), row("3", true, 1)], 3);
    expect(groups.map((g) => g.key)).toEqual(["1", "2", null]);
    expect(more).toBe(1);
  });

  it("orders ids as numbers where they are numbers: 2 before 10", () => {
    const { groups } = foldGroups(["0", "1", "10", "11", "2", "task-10", "task-9"].map((key) => row(key, true, 1)));
    expect(groups.map((g) => g.key)).toEqual(["0", "1", "2", "10", "11", "task-9", "task-10"]);
  });
});

describe("tagCountRows", () => {
  it("counts a transcript once under each of its tags, and under null without tags", () => {
    const rows = tagCountRows([
      { tags: ["x", "y"], success: true, reward: 1 },
      { tags: [], success: false, reward: null },
    ]);
    const { groups } = foldGroups(rows);
    expect(groups).toEqual([
      { key: "x", transcripts: 1, successes: 1, failures: 0, successRate: 1, meanReward: 1 },
      { key: "y", transcripts: 1, successes: 1, failures: 0, successRate: 1, meanReward: 1 },
      { key: null, transcripts: 1, successes: 0, failures: 1, successRate: 0, meanReward: null },
    ]);
  });
});

describe("outcomeKey", () => {
  it("names the outcome", () => {
    expect([outcomeKey(true), outcomeKey(false), outcomeKey(null)]).toEqual(["success", "failure", null]);
  });
});
