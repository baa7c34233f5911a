/**
 * What bench:agent measures, shared with bench-agent-signals.ts: attempts of the same tasks with
 * known success, and how often a score ranks a successful attempt above a failed one of the same task.
 */
import { readFileSync } from "node:fs";
import { compareScores } from "@/scripts/bench/metrics";
import { importItem } from "@/lib/transcripts/import-item";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import type { CanonicalTranscript } from "@/lib/transcripts/types";

export interface Attempt {
  pair: string;
  /** The set's own grouping (a benchmark domain), for figures per category. */
  category: string;
  success: boolean;
  /** `meta.model` and `meta.agent` (the agent implementation), when the set records them. */
  model: string | null;
  agent: string | null;
  transcript: CanonicalTranscript;
}

/** Which (success, failure) pairs of a task count. */
export type PairFilter = (good: Attempt, bad: Attempt) => boolean;

export const allPairs: PairFilter = () => true;
export const sameModelPairs: PairFilter = (good, bad) => good.model !== null && good.model === bad.model && good.agent === bad.agent;

export function load(file: string): Attempt[] {
  const attempts: Attempt[] = [];
  readFileSync(file, "utf8").split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    const { pair, meta, labels: _labels, id: _id, category, source: _source, ...visible } = JSON.parse(line) as Record<string, unknown>;
    const imported = importItem(visible, { file, line: index + 1 });
    if (!imported.ok) throw new Error(describeImportError(imported.error));
    const { reward, model, agent } = (meta ?? {}) as { reward?: unknown; model?: unknown; agent?: unknown };
    if (typeof pair !== "string" || typeof reward !== "number") return;
    attempts.push({
      pair,
      category: typeof category === "string" ? category : "all",
      success: reward >= 1,
      model: typeof model === "string" ? model : null,
      agent: typeof agent === "string" ? agent : null,
      transcript: imported.transcript,
    });
  });
  return attempts;
}

/** Share of (success, failure) pairs of one task in which the success scores higher; ties count half. */
export function rankingAccuracy(
  attempts: Attempt[],
  score: (attempt: Attempt) => number,
  counts: PairFilter = allPairs,
): { accuracy: number; pairs: number; decided: number; decidedAccuracy: number; taskWeighted: number; tasks: number } {
  const byTask = new Map<string, Attempt[]>();
  for (const attempt of attempts) byTask.set(attempt.pair, [...(byTask.get(attempt.pair) ?? []), attempt]);
  let total = 0;
  let pairs = 0;
  let decided = 0;
  let won = 0;
  // A task attempted 20 times gives 100 pairs, one attempted twice gives 1: the mean over tasks
  // keeps a few much-repeated tasks from deciding the figure.
  const perTask: number[] = [];
  for (const group of byTask.values()) {
    const scored = group.map((attempt) => ({ attempt, value: score(attempt) }));
    const [totalBefore, pairsBefore] = [total, pairs];
    for (const good of scored.filter((entry) => entry.attempt.success)) {
      for (const bad of scored.filter((entry) => !entry.attempt.success)) {
        if (!counts(good.attempt, bad.attempt)) continue;
        const outcome = compareScores(good.value, bad.value);
        total += outcome;
        pairs++;
        if (outcome !== 0.5) {
          decided++;
          won += outcome;
        }
      }
    }
    if (pairs > pairsBefore) perTask.push((total - totalBefore) / (pairs - pairsBefore));
  }
  // Decided pairs (no tie) say how often a score is right when it tells the attempts apart at all.
  return {
    accuracy: pairs ? total / pairs : Number.NaN,
    pairs,
    decided,
    decidedAccuracy: decided ? won / decided : Number.NaN,
    taskWeighted: perTask.length ? perTask.reduce((sum, value) => sum + value, 0) / perTask.length : Number.NaN,
    tasks: perTask.length,
  };
}

