import { randomUUID } from "node:crypto";
import type { CriterionScale } from "@/lib/criteria/parse";
import { compareModes } from "@/lib/runs/results/compare-modes";
import { modeResultFromRow, type ModeResult } from "@/lib/runs/results/mode-result";
import { storedComparison } from "@/lib/runs/results/stored-comparison";
import { verdictOf } from "@/lib/runs/results/verdict";
import { asJson, asNumber, sqlDate } from "./sql";
import type { WorkerDb } from "./worker-db";

/** A side's verdict as CallComparison stores it: pass | fail | n/a | error | pending. */
export function storedVerdict(result: ModeResult | null, scale: CriterionScale): string {
  const verdict = verdictOf(result, scale);
  if (verdict) return verdict;
  if (!result || result.status === "pending" || result.status === "running") return "pending";
  // An error, or a done row without the value its scale needs: either way it wants looking at.
  return "error";
}

/** A result just written: which call, criterion and run it belongs to. */
export interface WrittenSide {
  runId: string;
  toolCallId: string;
  criterionId: string;
}

export interface SideRow {
  runId: string;
  toolCallId: string;
  criterionId: string;
  mode: string;
  status: string;
  score: number | null;
  passed: unknown;
  scale: string;
}

const FINISHED = new Set(["done", "not-applicable", "error"]);

// Both sides of every pair the written rows belong to, in runs judged in both modes only. What a
// stored comparison holds (kind, flip, delta, verdicts) comes from status, score and passed alone:
// findings and explanations, the bulk of a row, are not read (comparisonsOf). The pair's rows are
// found by the unique index (a call's two rows): with only these columns the run page's covering
// index (runId, criterionId, ..., toolCallId) answers too, and SQLite took it, reading every row of
// a criterion per pair (4.2 s of a 15,000-row run instead of 0.3 s).
const READ_SIDES = `
SELECT e."runId", e."toolCallId", e."criterionId", e."mode", e."status", e."score", e."passed", c."scale"
FROM (SELECT DISTINCT j.value ->> '$.runId' AS "runId", j.value ->> '$.toolCallId' AS "toolCallId", j.value ->> '$.criterionId' AS "criterionId" FROM json_each(?) AS j) AS p
JOIN "Run" r ON r."id" = p."runId" AND r."mode" = 'both'
JOIN "Evaluation" e INDEXED BY "Evaluation_runId_toolCallId_criterionId_mode_key" ON e."runId" = p."runId" AND e."toolCallId" = p."toolCallId" AND e."criterionId" = p."criterionId"
JOIN "Criterion" c ON c."id" = p."criterionId"`;

const UPSERT = `
INSERT INTO "CallComparison" ("id", "runId", "toolCallId", "criterionId", "kind", "flipped", "delta", "immediateVerdict", "hindsightVerdict", "updatedAt")
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT ("runId", "toolCallId", "criterionId") DO UPDATE SET
  "kind" = excluded."kind", "flipped" = excluded."flipped", "delta" = excluded."delta",
  "immediateVerdict" = excluded."immediateVerdict", "hindsightVerdict" = excluded."hindsightVerdict", "updatedAt" = excluded."updatedAt"`;

/**
 * Upserts the immediate-versus-hindsight comparison of every call × criterion that the just
 * written rows complete, in the writer's transaction (synchronous, on the worker's connection) so a page never sees a result without it:
 * one read and one write per group. Only runs judged in both modes have pairs; a pair whose
 * other side is still waiting is left for that side's write (a hindsight row settled as not
 * applicable at creation is finished, so the immediate row's write compares them).
 */
export function writeComparisons(db: WorkerDb, written: readonly WrittenSide[], now: Date = new Date()): number {
  if (!written.length) return 0;
  const rows = db.statement(READ_SIDES).all(asJson(written)) as SideRow[];
  const upsert = db.statement(UPSERT);
  const stamp = sqlDate(now);
  const comparisons = comparisonsOf(rows);
  for (const c of comparisons) {
    upsert.run(randomUUID(), c.runId, c.toolCallId, c.criterionId, c.kind, c.flipped === null ? null : c.flipped ? 1 : 0, c.delta, c.immediateVerdict, c.hindsightVerdict, stamp);
  }
  return comparisons.length;
}

/** A CallComparison row to upsert. */
export interface ComparisonRow {
  runId: string;
  toolCallId: string;
  criterionId: string;
  kind: string;
  flipped: boolean | null;
  delta: number | null;
  immediateVerdict: string;
  hindsightVerdict: string;
}

/** The comparisons that both sides of a pair, read back after a write, complete (see writeComparisons). */
export function comparisonsOf(rows: readonly SideRow[]): ComparisonRow[] {
  const pairs = new Map<string, SideRow[]>();
  for (const row of rows) {
    const key = `${row.runId}\u0000${row.toolCallId}\u0000${row.criterionId}`;
    const pair = pairs.get(key);
    if (pair) pair.push(row);
    else pairs.set(key, [row]);
  }
  const comparisons: ComparisonRow[] = [];
  for (const pair of pairs.values()) {
    if (pair.length < 2 || !pair.every((row) => FINISHED.has(row.status))) continue;
    const side = (mode: string) => {
      const row = pair.find((candidate) => candidate.mode === mode);
      if (!row) return null;
      const passed = row.passed === null || row.passed === undefined ? null : asNumber(row.passed) === 1;
      // No explanation or findings: compareModes uses findings only for its findings diff, which
      // the stored comparison does not keep (storedComparison), so they are neither read nor parsed.
      return modeResultFromRow({ status: row.status, score: row.score === null ? null : asNumber(row.score), passed, explanation: null, findings: [] });
    };
    const { runId, toolCallId, criterionId } = pair[0];
    const scale: CriterionScale = pair[0].scale === "binary" ? "binary" : "continuous";
    const immediate = side("immediate");
    const hindsight = side("hindsight");
    const comparison = compareModes(immediate, hindsight, scale);
    const stored = storedComparison(comparison);
    comparisons.push({
      runId,
      toolCallId,
      criterionId,
      kind: comparison.kind,
      flipped: stored.flipped,
      delta: stored.delta,
      immediateVerdict: storedVerdict(immediate, scale),
      hindsightVerdict: storedVerdict(hindsight, scale),
    });
  }
  return comparisons;
}
