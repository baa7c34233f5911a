/**
 * The built-in judge's own rate on the bench's calls, on one core: views and cache keys are built
 * first (untimed), then only judge.evaluate is timed, in process CPU time.
 */
import { parseCriterion } from "@/lib/criteria/parse";
import { judgeInputFor } from "@/lib/eval/engine";
import { ViewMemo } from "@/lib/eval/judge-call";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createChecksJudge } from "@/lib/judges/checks";
import type { JudgeInput } from "@/lib/judges/types";
import { loadBatch } from "@/lib/server/worker/load-batch";

export async function judgeRate(prisma: PrismaClient, runId: string, sample: number): Promise<{ evaluations: number; cpuSeconds: number; perSecond: number }> {
  // In creation order, as the worker takes them: the criteria and modes of a call together.
  const ids = (await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT "id" FROM "Evaluation" WHERE "runId" = ? ORDER BY "rowid" LIMIT ?`, runId, sample)).map((row) => row.id);
  const items = await loadBatch(prisma, ids);
  const views = new ViewMemo();
  const inputs: JudgeInput[] = [];
  for (const item of items) {
    const criterion = parseCriterion(item.criterionText);
    const view = views.get(item.toolCallId, item.mode, item.transcript, item.site);
    if (criterion.ok && view.ok) inputs.push(judgeInputFor(criterion.criterion, view.view));
  }
  const judge = createChecksJudge();
  const before = process.cpuUsage();
  for (const input of inputs) await judge.evaluate(input);
  const used = process.cpuUsage(before);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return { evaluations: inputs.length, cpuSeconds, perSecond: inputs.length / cpuSeconds };
}
