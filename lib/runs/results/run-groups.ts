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
  transcripts: number;
  /** Of those transcripts, how many carry an outcome, and how many of them succeeded. */
  withOutcome: number;
  successes: number;
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
  /** The most any criterion and mode counted: every criterion judges the same calls, unless some are still pending. */
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

/** The recorded rewards of one group's transcripts, each transcript counted once. */
export interface RunGroupRewardRow {
  key: string | null;
  rewarded: number;
  rewardSum: number;
}

export const cellKey = (criterionId: string, mode: string) => `${criterionId}\u0000${mode}`;

/**
 * Groups with the lowest pass rate first (where failures concentrate), then the larger, then by
 * key ("2" before "10"); those without a value last. The `limit` largest, with how many smaller
 * ones were left out.
 */
export function foldRunGroups(rows: readonly RunGroupCountRow[], rewards: readonly RunGroupRewardRow[] = [], limit = 50): { groups: RunGroup[]; more: number } {
  const rewardOf = new Map(rewards.map((reward) => [reward.key, reward]));
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
    // Like the transcripts, the counts of the criterion and mode that saw the most of them.
    const widest = list.reduce((best, row) => (row.withOutcome > best.withOutcome ? row : best));
    const reward = rewardOf.get(key);
    return {
      key,
      transcripts: Math.max(...list.map((row) => row.transcripts)),
      successRate: widest.withOutcome > 0 ? widest.successes / widest.withOutcome : null,
      withOutcome: widest.withOutcome,
      meanReward: reward && reward.rewarded > 0 ? reward.rewardSum / reward.rewarded : null,
      rewarded: reward?.rewarded ?? 0,
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
