/**
 * The built-in judge's own rate on the bench's calls, on one core: views and cache keys are built
 * first (untimed), then only judge.evaluate is timed, in process CPU time.
 */
import { parseCriterion } from "@/lib/criteria/parse";
import { judgeInputFor } from "@/lib/judging/engine/engine";
import { ViewMemo } from "@/lib/judging/engine/judge-call";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { forDialect } from "@/lib/platform/db/dialect";
import type { JudgeInput } from "@/lib/judging/judges/types";
import { loadBatch } from "@/lib/runs/server/worker/load-batch";

export async function judgeRate(prisma: PrismaClient, runId: string, sample: number): Promise<{ evaluations: number; cpuSeconds: number; perSecond: number }> {
  // In creation order, as the worker takes them: the criteria and modes of a call together
  // (SQLite's rowid; on PostgreSQL, ids made at materialisation sort in creation order).
  const order = Prisma.raw(forDialect(prisma, { sqlite: `"rowid"`, postgresql: `"id"` }));
  const ids = (await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`SELECT "id" FROM "Evaluation" WHERE "runId" = ${runId} ORDER BY ${order} LIMIT ${sample}`)).map((row) => row.id);
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
