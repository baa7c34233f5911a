import { largest, naturalCompare } from "@/lib/platform/natural-order";

/*
 * Transcripts grouped by one metadata field (model, task, tag, outcome), with how each group
 * turned out: the counts a team reads to compare models or find the tasks that fail.
 */

/** Counts for one key and one outcome, as a GROUP BY gives them. */
export interface GroupCountRow {
  /** The group's value; null for transcripts without one. */
  key: string | null;
  success: boolean | null;
  transcripts: number;
  /** Sum and count of the rewards present, for the mean. */
  rewardSum: number;
  rewarded: number;
}

export interface MetadataGroup {
  key: string | null;
  transcripts: number;
  successes: number;
  failures: number;
  /** Successes among transcripts with an outcome; null when none has one. */
  successRate: number | null;
  meanReward: number | null;
}

/**
 * Groups largest first (then by key, "2" before "10"), those without a value last; the `limit`
 * largest, with how many smaller ones were left out.
 */
export function foldGroups(rows: readonly GroupCountRow[], limit = 50): { groups: MetadataGroup[]; more: number } {
  const byKey = new Map<string | null, { transcripts: number; successes: number; failures: number; rewardSum: number; rewarded: number }>();
  for (const row of rows) {
    const group = byKey.get(row.key) ?? { transcripts: 0, successes: 0, failures: 0, rewardSum: 0, rewarded: 0 };
    group.transcripts += row.transcripts;
    if (row.success === true) group.successes += row.transcripts;
    if (row.success === false) group.failures += row.transcripts;
    group.rewardSum += row.rewardSum;
    group.rewarded += row.rewarded;
    byKey.set(row.key, group);
  }
  const groups = [...byKey.entries()].map(([key, g]): MetadataGroup => {
    const decided = g.successes + g.failures;
    return {
      key,
      transcripts: g.transcripts,
      successes: g.successes,
      failures: g.failures,
      successRate: decided > 0 ? g.successes / decided : null,
      meanReward: g.rewarded > 0 ? g.rewardSum / g.rewarded : null,
    };
  });
  // The largest are shown, those without a value among them when they are as many: hiding them
  // would hide the biggest group of all.
  const { kept, more } = largest(groups, limit, (group) => group.transcripts);
  const shown = groups.filter((group) => kept.has(group));
  shown.sort((a, b) => Number(a.key === null) - Number(b.key === null) || b.transcripts - a.transcripts || naturalCompare(a.key ?? "", b.key ?? ""));
  return { groups: shown, more };
}

/** One count row per tag of each transcript (a transcript with no tags counts under null). */
export function tagCountRows(transcripts: readonly { tags: readonly string[]; success: boolean | null; reward: number | null }[]): GroupCountRow[] {
  return transcripts.flatMap((t) =>
    (t.tags.length ? t.tags : [null]).map((key) => ({ key, success: t.success, transcripts: 1, rewardSum: t.reward ?? 0, rewarded: t.reward === null ? 0 : 1 })),
  );
}

/** The key of the outcome group: success, failure, or null when the metadata says neither. */
export const outcomeKey = (success: boolean | null): string | null => (success === null ? null : success ? "success" : "failure");
