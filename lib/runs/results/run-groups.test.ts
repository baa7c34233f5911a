import { describe, expect, it } from "vitest";
import { cellKey, foldRunGroups, runGroupsFromStored, storedRunGroups, type RunGroupCountRow, type RunGroupMemberRow } from "./run-groups";
import { parseSnapshotValue } from "./run-snapshot";

const row = (key: string | null, criterionId: string, mode: string, counts: Partial<RunGroupCountRow> = {}): RunGroupCountRow => ({
  key,
  criterionId,
  mode,
  calls: 4,
  passed: 3,
  failed: 1,
  scoreSum: 3,
  scored: 4,
  ...counts,
});

const member = (key: string | null, counts: Partial<RunGroupMemberRow> = {}): RunGroupMemberRow => ({ key, transcripts: 2, withOutcome: 0, successes: 0, rewarded: 0, rewardSum: 0, ...counts });

describe("foldRunGroups", () => {
  it("gives each group's pass rate and mean score per criterion and mode", () => {
    const { groups, more } = foldRunGroups([row("gpt-4o", "c1", "immediate"), row("gpt-4o", "c1", "hindsight", { passed: 1, failed: 3, scoreSum: 1 })], [member("gpt-4o")]);
    expect(more).toBe(0);
    expect(groups).toHaveLength(1);
    const [group] = groups;
    expect(group).toMatchObject({ key: "gpt-4o", transcripts: 2, calls: 4, worstPassRate: 0.25 });
    expect(group.cells.get(cellKey("c1", "immediate"))).toEqual({ verdicts: 4, passRate: 0.75, meanScore: 0.75 });
    expect(group.cells.get(cellKey("c1", "hindsight"))).toEqual({ verdicts: 4, passRate: 0.25, meanScore: 0.25 });
  });

  it("has no rate or mean where nothing had a verdict or a score", () => {
    const [group] = foldRunGroups([row("a", "c1", "auto", { passed: 0, failed: 0, scored: 0, scoreSum: 0 })], []).groups;
    expect(group.cells.get(cellKey("c1", "auto"))).toEqual({ verdicts: 0, passRate: null, meanScore: null });
    expect(group.worstPassRate).toBeNull();
  });

  it("puts the groups where failures concentrate first, larger before smaller at equal rates, and the group without a value last", () => {
    const { groups } = foldRunGroups(
      [
        row(null, "c1", "auto", { passed: 0, failed: 5 }),
        row("fine", "c1", "auto", { passed: 5, failed: 0 }),
        row("small", "c1", "auto", { passed: 1, failed: 1, calls: 2 }),
        row("large", "c1", "auto", { passed: 4, failed: 4, calls: 8 }),
        row("worst", "c1", "auto", { passed: 0, failed: 2 }),
      ],
      [],
    );
    expect(groups.map((g) => g.key)).toEqual(["worst", "large", "small", "fine", null]);
  });

  it("shows the largest groups, the one without a value too, ids in natural order at equal rates", () => {
    const { groups, more } = foldRunGroups(
      [
        row(null, "c1", "auto", { calls: 600, passed: 300, failed: 300 }),
        ...["10", "2", "1"].map((key) => row(key, "c1", "auto", { calls: 8, passed: 4, failed: 4 })),
        row("tiny", "c1", "auto", { calls: 1, passed: 0, failed: 1 }),
      ],
      [],
      4,
    );
    expect(groups.map((g) => g.key)).toEqual(["1", "2", "10", null]);
    expect(more).toBe(1);
  });

  it("gives each group's mean reward over its transcripts that carry one", () => {
    const { groups } = foldRunGroups(
      [row("a", "c1", "auto"), row("b", "c1", "auto"), row(null, "c1", "auto")],
      [member("a", { rewarded: 4, rewardSum: 3 }), member(null)],
    );
    const byKey = new Map(groups.map((group) => [group.key, group]));
    expect(byKey.get("a")).toMatchObject({ meanReward: 0.75, rewarded: 4 });
    expect(byKey.get("b")).toMatchObject({ meanReward: null, rewarded: 0 });
    expect(byKey.get(null)).toMatchObject({ meanReward: null, rewarded: 0 });
  });

  it("gives each group's success rate over its transcripts with an outcome", () => {
    const [withOutcomes, without] = foldRunGroups(
      [row("a", "c1", "auto"), row("a", "c2", "agent"), row("b", "c1", "auto")],
      [member("a", { transcripts: 4, withOutcome: 3, successes: 1 }), member("b")],
    ).groups;
    expect(withOutcomes).toMatchObject({ key: "a", successRate: 1 / 3, withOutcome: 3 });
    expect(without).toMatchObject({ key: "b", successRate: null, withOutcome: 0 });
  });

  it("counts a group's transcripts once whatever judged them, and its calls as the most any criterion and mode judged", () => {
    const [group] = foldRunGroups([row("a", "c1", "immediate", { calls: 3 }), row("a", "c1", "hindsight", { calls: 5 })], [member("a", { transcripts: 6 })]).groups;
    expect(group).toMatchObject({ calls: 5, transcripts: 6 });
  });

  it("keeps at most the limit and says how many were left out", () => {
    const rows = ["a", "b", "c", "d"].map((key) => row(key, "c1", "auto"));
    const { groups, more } = foldRunGroups(rows, [], 3);
    expect(groups).toHaveLength(3);
    expect(more).toBe(1);
  });
});

describe("storedRunGroups", () => {
  it("keeps the groups through a snapshot's JSON, cells keyed by criterion and mode", () => {
    const folded = foldRunGroups(
      [row("gpt-4o", "c1", "immediate"), row("gpt-4o", "c2", "hindsight", { scored: 0, scoreSum: 0 }), row(null, "c1", "immediate")],
      [member("gpt-4o", { withOutcome: 2, successes: 1, rewarded: 2, rewardSum: 1 }), member(null)],
    );
    const stored = storedRunGroups(folded);
    // What PostgreSQL's JSON cannot hold: a NUL, as the cells' map keys have.
    expect(JSON.stringify(stored)).not.toContain("\\u0000");
    const parsed = parseSnapshotValue("groups-model", JSON.parse(JSON.stringify(stored)));
    expect(parsed).not.toBeNull();
    expect(runGroupsFromStored(parsed ?? { groups: [], more: 0 })).toEqual(folded);
  });
});
