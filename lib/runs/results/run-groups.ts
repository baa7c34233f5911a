import { largest, naturalCompare } from "@/lib/platform/natural-order";

/*
 * A run's results grouped by one metadata field of their transcripts (model, task, tag or
 * outcome) or by their calls' tool: per group, how each criterion and mode judged its calls, so a
 * team sees which model, task or tool the failures concentrate in before it filters down to them.
 * By tool, the criterion "Tool call passes if it matches the reference" gives reference accuracy
 * per tool.
 */

/** Counts of one group, criterion and mode, as a GROUP BY gives them. */
export interface RunGroupCountRow {
  /** The group's value; null for transcripts without one. */
  key: string | null;
  criterionId: string;
  mode: string;
  calls: number;
  passed: number;
  failed: number;
  /** Sum and count of the finite scores, for the mean. */
  scoreSum: number;
  scored: number;
}

export interface RunGroupCell {
  /** Results with a verdict (pass or fail). */
  verdicts: number;
  passRate: number | null;
  meanScore: number | null;
}

export interface RunGroup {
  key: string | null;
  /** The transcripts with results in the group, whatever criterion and mode judged them. */
  transcripts: number;
  /** Share of the group's transcripts with an outcome that succeeded: what the verdicts should track. */
  successRate: number | null;
  /** Transcripts with an outcome, the success rate's base. */
  withOutcome: number;
  /** Mean of the group's transcripts' recorded rewards, and how many carry one. */
  meanReward: number | null;
  rewarded: number;
  calls: number;
  /** By `cellKey(criterionId, mode)`. */
  cells: ReadonlyMap<string, RunGroupCell>;
  /** The lowest pass rate of any cell with verdicts: what the groups are ordered by. */
  worstPassRate: number | null;
}

/**
 * What one group's transcripts are, each counted once whatever criteria and modes judged them (a
 * run may judge some calls in one mode and others in the other): how many, how many carry an
 * outcome and how many of those succeeded, and their recorded rewards.
 */
export interface RunGroupMemberRow {
  key: string | null;
  transcripts: number;
  withOutcome: number;
  successes: number;
  rewarded: number;
  rewardSum: number;
}

export const cellKey = (criterionId: string, mode: string) => `${criterionId}\u0000${mode}`;

/**
 * Groups with the lowest pass rate first (where failures concentrate), then the larger, then by
 * key ("2" before "10"); those without a value last. The `limit` largest, with how many smaller
 * ones were left out.
 */
export function foldRunGroups(rows: readonly RunGroupCountRow[], members: readonly RunGroupMemberRow[], limit = 50): { groups: RunGroup[]; more: number } {
  const memberOf = new Map(members.map((member) => [member.key, member]));
  const byKey = new Map<string | null, RunGroupCountRow[]>();
  for (const row of rows) {
    const list = byKey.get(row.key);
    if (list) list.push(row);
    else byKey.set(row.key, [row]);
  }
  const groups = [...byKey.entries()].map(([key, list]): RunGroup => {
    const cells = new Map<string, RunGroupCell>();
    let worst: number | null = null;
    for (const row of list) {
      const verdicts = row.passed + row.failed;
      const passRate = verdicts > 0 ? row.passed / verdicts : null;
      cells.set(cellKey(row.criterionId, row.mode), { verdicts, passRate, meanScore: row.scored > 0 ? row.scoreSum / row.scored : null });
      if (passRate !== null && (worst === null || passRate < worst)) worst = passRate;
    }
    const member = memberOf.get(key);
    return {
      key,
      transcripts: member?.transcripts ?? 0,
      successRate: member && member.withOutcome > 0 ? member.successes / member.withOutcome : null,
      withOutcome: member?.withOutcome ?? 0,
      meanReward: member && member.rewarded > 0 ? member.rewardSum / member.rewarded : null,
      rewarded: member?.rewarded ?? 0,
      // The most any criterion and mode judged: exact when one of them judged every call of the group,
      // short when the run judged some calls in one mode only and others in the other.
      calls: Math.max(...list.map((row) => row.calls)),
      cells,
      worstPassRate: worst,
    };
  });
  // The largest are shown, whatever their pass rate, so that the groups left out are the small ones.
  const { kept, more } = largest(groups, limit, (group) => Math.max(group.calls, group.transcripts));
  const shown = groups.filter((group) => kept.has(group));
  shown.sort(
    (a, b) =>
      Number(a.key === null) - Number(b.key === null) ||
      (a.worstPassRate ?? 2) - (b.worstPassRate ?? 2) ||
      b.calls - a.calls ||
      naturalCompare(a.key ?? "", b.key ?? ""),
  );
  return { groups: shown, more };
}

/** One cell as a snapshot stores it (lib/runs/results/run-snapshot.ts): keyed by its own fields, since JSON on PostgreSQL holds no NUL. */
export interface StoredRunGroupCell extends RunGroupCell {
  criterionId: string;
  mode: string;
}

export interface StoredRunGroups {
  groups: (Omit<RunGroup, "cells"> & { cells: StoredRunGroupCell[] })[];
  more: number;
}

/** The groups as a snapshot stores them. */
export function storedRunGroups({ groups, more }: { groups: readonly RunGroup[]; more: number }): StoredRunGroups {
  return {
    groups: groups.map(({ cells, ...group }) => ({
      ...group,
      cells: [...cells].map(([key, cell]) => {
        const [criterionId, mode] = key.split("\u0000");
        return { criterionId, mode, ...cell };
      }),
    })),
    more,
  };
}

/** The groups a snapshot stored, as foldRunGroups gave them. */
export function runGroupsFromStored({ groups, more }: StoredRunGroups): { groups: RunGroup[]; more: number } {
  return {
    groups: groups.map(({ cells, ...group }) => ({
      ...group,
      cells: new Map(cells.map(({ criterionId, mode, ...cell }) => [cellKey(criterionId, mode), cell])),
    })),
    more,
  };
}
