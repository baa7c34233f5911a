import type { CriterionScale } from "@/lib/criteria/parse";
import type { Prisma } from "@/lib/generated/prisma/client";
import { compareModes } from "@/lib/results/compare-modes";
import { modeResultFromRow, type ModeResult } from "@/lib/results/mode-result";
import { storedComparison } from "@/lib/results/stored-comparison";
import { verdictOf } from "@/lib/results/verdict";

/** A side's verdict as CallComparison stores it: pass | fail | n/a | error | pending. */
export function storedVerdict(result: ModeResult | null, scale: CriterionScale): string {
  const verdict = verdictOf(result, scale);
  if (verdict) return verdict;
  if (!result || result.status === "pending" || result.status === "running") return "pending";
  // An error, or a done row without the value its scale needs: either way it wants looking at.
  return "error";
}

const FINISHED = new Set(["done", "not-applicable", "error"]);

const resultSelect = { runId: true, toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true, explanation: true, findings: true } as const;

/**
 * Upserts the immediate-versus-hindsight comparison of every call × criterion that the just
 * written rows complete, in the writer's transaction so a page never sees a result without it.
 * Only runs judged in both modes have pairs; a pair whose other side is still waiting is left
 * for that side's write (a hindsight row settled as not applicable at creation is finished, so
 * the immediate row's write compares them).
 */
export async function writeComparisons(tx: Prisma.TransactionClient, evaluationIds: readonly string[]): Promise<number> {
  if (!evaluationIds.length) return 0;
  const written = await tx.evaluation.findMany({
    where: { id: { in: [...evaluationIds] }, run: { mode: "both" } },
    select: { runId: true, toolCallId: true, criterionId: true, criterion: { select: { scale: true } } },
  });
  if (!written.length) return 0;
  const key = (row: { runId: string; toolCallId: string; criterionId: string }) => `${row.runId}\u0000${row.toolCallId}\u0000${row.criterionId}`;
  // Both modes of one pair may land in the same group: compare each pair once.
  const pairs = new Map(written.map((row) => [key(row), row]));
  const sides = await tx.evaluation.findMany({
    where: { OR: [...pairs.values()].map(({ runId, toolCallId, criterionId }) => ({ runId, toolCallId, criterionId })) },
    select: resultSelect,
  });
  let count = 0;
  for (const [pairKey, pair] of pairs) {
    const { runId, toolCallId, criterionId } = pair;
    const rows = sides.filter((row) => key(row) === pairKey);
    if (rows.length < 2 || !rows.every((row) => FINISHED.has(row.status))) continue;
    const side = (mode: string) => {
      const row = rows.find((candidate) => candidate.mode === mode);
      return row ? modeResultFromRow(row) : null;
    };
    const scale: CriterionScale = pair.criterion.scale === "binary" ? "binary" : "continuous";
    const immediate = side("immediate");
    const hindsight = side("hindsight");
    const comparison = compareModes(immediate, hindsight, scale);
    const data = {
      kind: comparison.kind,
      ...storedComparison(comparison),
      immediateVerdict: storedVerdict(immediate, scale),
      hindsightVerdict: storedVerdict(hindsight, scale),
    };
    await tx.callComparison.upsert({
      where: { runId_toolCallId_criterionId: { runId, toolCallId, criterionId } },
      create: { runId, toolCallId, criterionId, ...data },
      update: data,
    });
    count++;
  }
  return count;
}
