import type { PrismaClient } from "@/lib/generated/prisma/client";
import { idBound } from "../hours";
import type { AlertWindow } from "../schemas/window";

export interface WindowValue {
  /** Pass rate or mean score; null when nothing was judged in the window. */
  value: number | null;
  judged: number;
}

interface Judged {
  id: string;
  passed: unknown;
  score: number | null;
}

const MODES = ["immediate", "hindsight"] as const;
const VERDICTS = [true, false, null] as const;

/**
 * The newest `limit` judged results of a call-level criterion, newest call first. One walk per mode
 * and verdict on the run page's covering index (runId, criterionId, mode, status, passed,
 * toolCallId, score), merged here: ordered by call over all of them, SQLite would sort every
 * result of the criterion instead.
 */
async function newestCallResults(prisma: PrismaClient, runId: string, criterionId: string, limit: number): Promise<Judged[]> {
  const walks = await Promise.all(
    MODES.flatMap((mode) =>
      VERDICTS.map((passed) =>
        prisma.evaluation.findMany({
          where: { runId, criterionId, mode, status: "done", passed, ...(passed === null ? { score: { not: null } } : {}) },
          orderBy: { toolCallId: "desc" },
          take: limit,
          select: { toolCallId: true, passed: true, score: true },
        }),
      ),
    ),
  );
  return walks
    .flat()
    .map((row) => ({ id: row.toolCallId, passed: row.passed, score: row.score }))
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
}

async function callResultsSince(prisma: PrismaClient, runId: string, criterionId: string, since: number): Promise<Judged[]> {
  const rows = await prisma.evaluation.findMany({
    where: { runId, criterionId, status: "done", toolCallId: { gte: idBound(since) }, OR: [{ passed: { not: null } }, { score: { not: null } }] },
    select: { toolCallId: true, passed: true, score: true },
  });
  return rows.map((row) => ({ id: row.toolCallId, passed: row.passed, score: row.score }));
}

async function agentResults(prisma: PrismaClient, runId: string, criterionId: string, window: AlertWindow, now: number): Promise<Judged[]> {
  const rows = await prisma.transcriptEvaluation.findMany({
    where: { runId, criterionId, status: "done", OR: [{ passed: { not: null } }, { score: { not: null } }], ...("ms" in window ? { transcriptId: { gte: idBound(now - window.ms) } } : {}) },
    orderBy: { transcriptId: "desc" },
    ...("calls" in window ? { take: window.calls } : {}),
    select: { transcriptId: true, passed: true, score: true },
  });
  return rows.map((row) => ({ id: row.transcriptId, passed: row.passed, score: row.score }));
}

/**
 * A criterion's pass rate (pass/fail criteria) or mean score (scored ones) over an alert's window:
 * the last N judged results, or those of calls made in the last period (calls are ordered by when
 * they arrived, which their sortable ids say).
 */
export async function windowValue(prisma: PrismaClient, runId: string, criterion: { id: string; scale: string; scope: string }, window: AlertWindow, now: number): Promise<WindowValue> {
  const results =
    criterion.scope === "agent"
      ? await agentResults(prisma, runId, criterion.id, window, now)
      : "calls" in window
        ? await newestCallResults(prisma, runId, criterion.id, window.calls)
        : await callResultsSince(prisma, runId, criterion.id, now - window.ms);
  if (!results.length) return { value: null, judged: 0 };
  if (criterion.scale === "binary") {
    const passes = results.filter((row) => row.passed === true || Number(row.passed) === 1).length;
    return { value: passes / results.length, judged: results.length };
  }
  const scores = results.map((row) => row.score ?? (row.passed ? 1 : 0));
  return { value: scores.reduce((sum, score) => sum + score, 0) / scores.length, judged: results.length };
}
