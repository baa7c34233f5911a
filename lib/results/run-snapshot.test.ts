import { describe, expect, it } from "vitest";
import { nextSnapshot, parseSnapshotValue, SNAPSHOT_MAX_AGE_MS, snapshotFinal, snapshotOverdue, snapshotUsable, type SnapshotStamp } from "./run-snapshot";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);
const stamp = (doneCount: number, errorCount: number, computedAtMs: number, costMs = 100): SnapshotStamp => ({ doneCount, errorCount, costMs, computedAt: at(computedAtMs) });

describe("snapshotOverdue", () => {
  it("is most overdue when missing, and not due while the run's counters have not moved", () => {
    expect(snapshotOverdue(null, { doneCount: 0, errorCount: 0 }, at(0))).toBe(Number.POSITIVE_INFINITY);
    expect(snapshotOverdue(stamp(10, 1, 0), { doneCount: 10, errorCount: 1 }, at(3_600_000))).toBeNull();
  });

  it("waits eight times its cost, and at least a second, before it is computed again", () => {
    const run = { doneCount: 50, errorCount: 0 };
    // Cost 500 ms: due 4 s after it was computed.
    expect(snapshotOverdue(stamp(10, 0, 0, 500), run, at(3999))).toBeNull();
    expect(snapshotOverdue(stamp(10, 0, 0, 500), run, at(4250))).toBe(250);
    // Cost 10 ms: the one-second floor.
    expect(snapshotOverdue(stamp(10, 0, 0, 10), run, at(999))).toBeNull();
    expect(snapshotOverdue(stamp(10, 0, 0, 10), run, at(1000))).toBe(0);
  });
});

describe("snapshotUsable", () => {
  it("uses a snapshot of the run's current counters however old", () => {
    expect(snapshotUsable(stamp(10, 2, 0), { doneCount: 10, errorCount: 2 }, at(10 * SNAPSHOT_MAX_AGE_MS))).toBe(true);
  });

  it("uses one behind the counters while a worker keeps it fresh, not once it stopped", () => {
    const run = { doneCount: 400, errorCount: 3 };
    expect(snapshotUsable(stamp(10, 2, 0), run, at(SNAPSHOT_MAX_AGE_MS))).toBe(true);
    expect(snapshotUsable(stamp(10, 2, 0), run, at(SNAPSHOT_MAX_AGE_MS + 1))).toBe(false);
  });

  it("refuses one ahead of the counters: a retry put errors back to pending since", () => {
    expect(snapshotUsable(stamp(10, 5, 0), { doneCount: 10, errorCount: 0 }, at(1))).toBe(false);
    expect(snapshotUsable(stamp(12, 0, 0), { doneCount: 10, errorCount: 5 }, at(1))).toBe(false);
  });
});

describe("nextSnapshot", () => {
  it("picks the most overdue, a missing one first, and none when nothing is due", () => {
    const run = { doneCount: 100, errorCount: 0 };
    const old = { name: "old", run, stamp: stamp(1, 0, 0, 100) };
    const older = { name: "older", run, stamp: stamp(1, 0, -5000, 100) };
    const missing = { name: "missing", run, stamp: null };
    const still = { name: "still", run, stamp: stamp(100, 0, 0) };
    expect(nextSnapshot([old, older], at(2000))?.name).toBe("older");
    expect(nextSnapshot([old, missing, older], at(2000))?.name).toBe("missing");
    expect(nextSnapshot([still, { ...old, stamp: stamp(1, 0, 1900) }], at(2000))).toBeNull();
    expect(nextSnapshot([], at(0))).toBeNull();
  });
});

describe("parseSnapshotValue", () => {
  it("takes a value of the kind's shape and refuses any other", () => {
    expect(parseSnapshotValue("call-count", 42)).toBe(42);
    expect(parseSnapshotValue("call-count", -1)).toBeNull();
    expect(parseSnapshotValue("tools", [{ toolName: "search", calls: 3 }])).toEqual([{ toolName: "search", calls: 3 }]);
    expect(parseSnapshotValue("tools", [{ toolName: "search" }])).toBeNull();
    expect(parseSnapshotValue("metadata", { models: ["m"], tasks: [], tags: [], outcomes: true })).toEqual({ models: ["m"], tasks: [], tags: [], outcomes: true });
    expect(parseSnapshotValue("flips", { calls: 1, byCriterion: [{ criterionId: "c", passToFail: 1, failToPass: 0, total: 1 }] })?.calls).toBe(1);
    expect(parseSnapshotValue("stats", "not a list")).toBeNull();
    expect(parseSnapshotValue("modes", ["immediate", "hindsight"])).toEqual(["immediate", "hindsight"]);
    expect(parseSnapshotValue("modes", ["sideways"])).toBeNull();
    expect(
      parseSnapshotValue("outcomes", [
        {
          criterionId: "c",
          mode: "immediate",
          successful: { transcripts: 2, verdicts: 4, passRate: 0.5, meanScore: null },
          failed: { transcripts: 1, verdicts: 1, passRate: 0, meanScore: 0.1 },
          separation: { kind: "not-enough-data", successful: 2, failed: 1, needed: 3 },
        },
      ])?.[0].separation.kind,
    ).toBe("not-enough-data");
  });
});

describe("snapshotFinal", () => {
  it("takes a finished run's snapshot at its final counters, of a kind computed from results alone", () => {
    const run = { doneCount: 300, errorCount: 2 };
    expect(snapshotFinal("stats", stamp(300, 2, 0), run)).toBe(true);
    expect(snapshotFinal("call-count", stamp(300, 2, 0), run)).toBe(true);
  });

  it("not one taken before every result settled, nor metadata a backfill may rewrite", () => {
    const run = { doneCount: 300, errorCount: 2 };
    expect(snapshotFinal("stats", stamp(299, 2, 0), run)).toBe(false);
    // A retry reopened errors since: the counters moved.
    expect(snapshotFinal("stats", stamp(300, 3, 0), run)).toBe(false);
    expect(snapshotFinal("metadata", stamp(300, 2, 0), run)).toBe(false);
    expect(snapshotFinal("outcomes", stamp(300, 2, 0), run)).toBe(false);
  });
});
