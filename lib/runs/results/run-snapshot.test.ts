import { describe, expect, it } from "vitest";
import { finalSnapshotsTaken, nextSnapshot, parseSnapshotValue, ROWS_REFRESH_MS, SNAPSHOT_AGE_FACTOR, SNAPSHOT_CLAIM_MS, SNAPSHOT_MAX_AGE_MS, SNAPSHOT_MAX_AGE_PERIODS, snapshotFinal, snapshotOverdue, snapshotUsable, type SnapshotKind, type SnapshotStamp } from "./run-snapshot";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);
const stamp = (doneCount: number, errorCount: number, computedAtMs: number, costMs = 100, rowsComplete = false): SnapshotStamp => ({ doneCount, errorCount, costMs, computedAt: at(computedAtMs), rowsComplete });
/** Taken once every row of the run was in place. */
const complete = (doneCount: number, errorCount: number, computedAtMs: number, costMs = 100) => stamp(doneCount, errorCount, computedAtMs, costMs, true);

describe("snapshotOverdue", () => {
  it("is most overdue when missing, and not due while the run's counters have not moved", () => {
    expect(snapshotOverdue("stats", null, { doneCount: 0, errorCount: 0 }, at(0))).toBe(Number.POSITIVE_INFINITY);
    expect(snapshotOverdue("stats", stamp(10, 1, 0), { doneCount: 10, errorCount: 1 }, at(3_600_000))).toBeNull();
  });

  it("waits sixteen times its cost, and at least two seconds, before it is computed again", () => {
    const run = { doneCount: 50, errorCount: 0 };
    // Cost 500 ms: due 8 s after it was computed.
    expect(snapshotOverdue("stats", stamp(10, 0, 0, 500), run, at(7999))).toBeNull();
    expect(snapshotOverdue("stats", stamp(10, 0, 0, 500), run, at(8250))).toBe(250);
    // Cost 10 ms: the two-second floor.
    expect(snapshotOverdue("stats", stamp(10, 0, 0, 10), run, at(1999))).toBeNull();
    expect(snapshotOverdue("stats", stamp(10, 0, 0, 10), run, at(2000))).toBe(0);
  });

  it("computes a value of the rows alone again only every ROWS_REFRESH_MS once all rows were in place", () => {
    const run = { doneCount: 5000, errorCount: 0 };
    for (const kind of ["tools", "call-count", "metadata"] as const) {
      expect(snapshotOverdue(kind, complete(10, 0, 0, 10), run, at(ROWS_REFRESH_MS - 1))).toBeNull();
      expect(snapshotOverdue(kind, complete(10, 0, 0, 10), run, at(ROWS_REFRESH_MS))).toBe(0);
      // Taken while rows were still being added: as often as any other.
      expect(snapshotOverdue(kind, stamp(10, 0, 0, 10), run, at(2000))).toBe(0);
    }
    // Statistics move with every result, rows complete or not.
    expect(snapshotOverdue("stats", complete(10, 0, 0, 10), run, at(2000))).toBe(0);
  });

  it("is not due while another worker's claim on it holds, and due again once the claim has lapsed", () => {
    const run = { doneCount: 50, errorCount: 0 };
    const claimed = { ...stamp(10, 0, 0, 10), claimedUntil: at(5000 + SNAPSHOT_CLAIM_MS) };
    expect(snapshotOverdue("stats", claimed, run, at(5000))).toBeNull();
    expect(snapshotOverdue("stats", claimed, run, at(5000 + SNAPSHOT_CLAIM_MS - 1))).toBeNull();
    // The worker died computing it: overdue since its cost allowed, as if never claimed.
    expect(snapshotOverdue("stats", claimed, run, at(5000 + SNAPSHOT_CLAIM_MS))).toBe(3000 + SNAPSHOT_CLAIM_MS);
    expect(snapshotOverdue("stats", { ...claimed, claimedUntil: null }, run, at(5000))).toBe(3000);
  });

  it("for a run waiting for its final values to be done: due at once until final, whatever its age, unless claimed", () => {
    const run = { doneCount: 300, errorCount: 2 };
    expect(snapshotOverdue("stats", stamp(250, 2, 0, 1000), run, at(1), true)).toBe(Number.POSITIVE_INFINITY);
    expect(snapshotOverdue("stats", stamp(300, 2, 0, 1000), run, at(1), true)).toBeNull();
    // Tools of complete rows are final already; statistics of complete rows are not.
    expect(snapshotOverdue("tools", complete(250, 2, 0), run, at(1), true)).toBeNull();
    expect(snapshotOverdue("stats", complete(250, 2, 0), run, at(1), true)).toBe(Number.POSITIVE_INFINITY);
    expect(snapshotOverdue("stats", { ...stamp(250, 2, 0), claimedUntil: at(SNAPSHOT_CLAIM_MS) }, run, at(1), true)).toBeNull();
  });
});

describe("finalSnapshotsTaken", () => {
  it("says a run may be done once every kind asked for (metadata too) has its final value", () => {
    const run = { doneCount: 300, errorCount: 2 };
    // The kinds the run page's first view reads: the worker takes the outcomes and groups after.
    const kinds = ["stats", "call-count", "tools", "metadata", "flips"] as const;
    const final = new Map<SnapshotKind, SnapshotStamp>([
      ["stats", stamp(300, 2, 0)],
      ["call-count", complete(10, 0, 0)],
      ["tools", stamp(300, 2, 0)],
      ["flips", stamp(300, 2, 0)],
      ["metadata", complete(10, 0, 0)],
    ]);
    expect(finalSnapshotsTaken(kinds, final, run, at(1))).toBe(true);
    expect(finalSnapshotsTaken(kinds, new Map([...final].filter(([kind]) => kind !== "metadata")), run, at(1))).toBe(false);
    expect(finalSnapshotsTaken(kinds, new Map([...final, ["flips", stamp(299, 2, 0)]]), run, at(1))).toBe(false);
    expect(finalSnapshotsTaken(kinds, new Map([...final].filter(([kind]) => kind !== "tools")), run, at(1))).toBe(false);
    expect(finalSnapshotsTaken([...kinds, "groups-tool"], final, run, at(1))).toBe(false);
    expect(finalSnapshotsTaken([...kinds, "groups-tool"], new Map([...final, ["groups-tool", stamp(300, 2, 0)]]), run, at(1))).toBe(true);
  });
});

describe("snapshotUsable", () => {
  it("uses a snapshot of the run's current counters however old", () => {
    expect(snapshotUsable("stats", stamp(10, 2, 0), { doneCount: 10, errorCount: 2 }, at(10 * SNAPSHOT_MAX_AGE_MS))).toBe(true);
  });

  it("uses one behind the counters while a worker keeps it fresh, not once it stopped", () => {
    const run = { doneCount: 400, errorCount: 3 };
    expect(snapshotUsable("stats", stamp(10, 2, 0), run, at(SNAPSHOT_MAX_AGE_MS))).toBe(true);
    expect(snapshotUsable("stats", stamp(10, 2, 0), run, at(SNAPSHOT_MAX_AGE_MS + 1))).toBe(false);
  });

  it("uses a costly one for several of its refresh periods, which are longer than the usual limit", () => {
    const run = { doneCount: 400, errorCount: 3 };
    // A grouped list of 1.26 million results: 12 s for the worker, so due every 192 s at the soonest.
    const costly = stamp(10, 2, 0, 12_000);
    const periods = SNAPSHOT_MAX_AGE_PERIODS * SNAPSHOT_AGE_FACTOR * 12_000;
    expect(periods).toBeGreaterThan(SNAPSHOT_MAX_AGE_MS);
    expect(snapshotUsable("groups-tool", costly, run, at(periods))).toBe(true);
    expect(snapshotUsable("groups-tool", costly, run, at(periods + 1))).toBe(false);
  });

  it("refuses one ahead of the counters: a retry put errors back to pending since", () => {
    expect(snapshotUsable("stats", stamp(10, 5, 0), { doneCount: 10, errorCount: 0 }, at(1))).toBe(false);
    expect(snapshotUsable("stats", stamp(12, 0, 0), { doneCount: 10, errorCount: 5 }, at(1))).toBe(false);
    expect(snapshotUsable("tools", stamp(10, 5, 0), { doneCount: 10, errorCount: 0 }, at(1))).toBe(false);
  });

  it("uses a value of the complete rows ahead of the counters: a retry does not change which rows a run has", () => {
    expect(snapshotUsable("tools", complete(10, 5, 0), { doneCount: 10, errorCount: 0 }, at(1))).toBe(true);
    expect(snapshotUsable("call-count", complete(12, 0, 0), { doneCount: 10, errorCount: 5 }, at(1))).toBe(true);
    expect(snapshotUsable("stats", complete(10, 5, 0), { doneCount: 10, errorCount: 0 }, at(1))).toBe(false);
  });
});

describe("nextSnapshot", () => {
  it("picks the most overdue, a missing one first, and none when nothing is due", () => {
    const run = { doneCount: 100, errorCount: 0 };
    const kind = "stats" as const;
    const old = { name: "old", kind, run, stamp: stamp(1, 0, 0, 100) };
    const older = { name: "older", kind, run, stamp: stamp(1, 0, -5000, 100) };
    const missing = { name: "missing", kind, run, stamp: null };
    const still = { name: "still", kind, run, stamp: stamp(100, 0, 0) };
    expect(nextSnapshot([old, older], at(2000))?.name).toBe("older");
    expect(nextSnapshot([old, missing, older], at(2000))?.name).toBe("missing");
    expect(nextSnapshot([still, { ...old, stamp: stamp(1, 0, 1900) }], at(2000))).toBeNull();
    expect(nextSnapshot([{ ...old, kind: "tools" as const, stamp: complete(1, 0, 0) }], at(2000))).toBeNull();
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
  // A finished run, and a moment long after its snapshots were taken.
  const run = { doneCount: 300, errorCount: 2 };
  const later = at(3_600_000);

  it("takes a finished run's snapshot at its final counters, of a kind computed from results alone", () => {
    expect(snapshotFinal("stats", stamp(300, 2, 0), run, later)).toBe(true);
    expect(snapshotFinal("call-count", stamp(300, 2, 0), run, later)).toBe(true);
  });

  it("takes a value of the rows alone taken once all rows were in place, whatever the counters then", () => {
    expect(snapshotFinal("tools", complete(10, 0, 0), run, later)).toBe(true);
    expect(snapshotFinal("call-count", complete(10, 0, 0), run, later)).toBe(true);
    expect(snapshotFinal("tools", stamp(10, 0, 0), run, later)).toBe(false);
    expect(snapshotFinal("stats", complete(10, 0, 0), run, later)).toBe(false);
    // The metadata backfill deletes the metadata snapshots it may make wrong (fillMetadataColumns).
    expect(snapshotFinal("metadata", complete(10, 0, 0), run, later)).toBe(true);
  });

  it("takes its outcomes and groups at its final counters: the metadata backfill deletes them when it rewrites what they read", () => {
    expect(snapshotFinal("outcomes", stamp(300, 2, 0), run, later)).toBe(true);
    expect(snapshotFinal("groups-model", stamp(300, 2, 0), run, later)).toBe(true);
    expect(snapshotFinal("groups-tool", stamp(299, 2, 0), run, later)).toBe(false);
    expect(snapshotFinal("outcomes", complete(10, 0, 0), run, later)).toBe(false);
  });

  it("not one taken before every result settled (or all rows were in place)", () => {
    expect(snapshotFinal("stats", stamp(299, 2, 0), run, later)).toBe(false);
    // A retry reopened errors since: the counters moved.
    expect(snapshotFinal("stats", stamp(300, 3, 0), run, later)).toBe(false);
    expect(snapshotFinal("metadata", stamp(299, 2, 0), run, later)).toBe(false);
  });
});
