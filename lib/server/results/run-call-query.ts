import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/zod/run-view";

/** Conditions on one result: a verdict filter and a score range must hold for the same row. */
function resultWhere(runId: string, view: RunView): Prisma.EvaluationWhereInput | null {
  const conditions: Prisma.EvaluationWhereInput[] = [];
  switch (view.verdict) {
    case "pass":
      conditions.push({ status: "done", OR: [{ passed: true }, { passed: null, score: { gte: 0.5 } }] });
      break;
    case "fail":
      conditions.push({ status: "done", OR: [{ passed: false }, { passed: null, score: { lt: 0.5 } }] });
      break;
    case "na":
      conditions.push({ status: "not-applicable" });
      break;
    case "error":
      conditions.push({ status: "error" });
      break;
  }
  if (view.min !== undefined || view.max !== undefined) {
    conditions.push({ status: "done", score: { ...(view.min !== undefined ? { gte: view.min } : {}), ...(view.max !== undefined ? { lte: view.max } : {}) } });
  }
  if (conditions.length === 0) return null;
  return { runId, ...(view.criterion ? { criterionId: view.criterion } : {}), ...(view.mode ? { mode: view.mode } : {}), AND: conditions };
}

/** The run's tool calls that the view shows. */
export function runCallWhere(runId: string, view: RunView): Prisma.ToolCallWhereInput {
  const and: Prisma.ToolCallWhereInput[] = [{ evaluations: { some: { runId } } }];
  if (view.tool) and.push({ toolName: view.tool });
  const result = resultWhere(runId, view);
  if (result) and.push({ evaluations: { some: result } });
  if (view.changed) and.push({ comparisons: { some: { runId, flipped: true, ...(view.criterion ? { criterionId: view.criterion } : {}) } } });
  if (view.q) {
    and.push({ OR: [{ toolName: { contains: view.q } }, { rawArguments: { contains: view.q } }, { transcript: { name: { contains: view.q } } }, { callId: view.q }] });
  }
  return { AND: and };
}

function byPosition(dir: "asc" | "desc"): Prisma.ToolCallOrderByWithRelationInput[] {
  return [{ transcript: { createdAt: dir } }, { transcriptId: dir }, { ordinal: dir }];
}

/**
 * Ids of one page of the view's calls, in the view's order. A score sort reads the results table
 * (indexed on run, criterion, score), since a call's score is a row of its own.
 */
export async function runCallIdsPage(prisma: PrismaClient, runId: string, view: RunView, skip: number, take: number): Promise<{ ids: string[]; total: number }> {
  const where = runCallWhere(runId, view);
  const total = await prisma.toolCall.count({ where });
  if (view.sort === "score" && view.criterion) {
    // Only a run judged in both modes has two results per call to choose from (hindsight unless
    // the view says otherwise); in the others, auto included, each call's one result is its score.
    const mode = view.mode ?? ((await prisma.run.findUnique({ where: { id: runId }, select: { mode: true } }))?.mode === "both" ? "hindsight" : undefined);
    const rows = await prisma.evaluation.findMany({
      where: { runId, criterionId: view.criterion, ...(mode ? { mode } : {}), toolCall: where },
      orderBy: [{ score: { sort: view.dir, nulls: "last" } }, { toolCallId: "asc" }],
      skip,
      take,
      select: { toolCallId: true },
    });
    // Calls judged only immediately in a "both" run have no hindsight row: fall back to immediate.
    if (rows.length > 0 || view.mode || !mode) return { ids: rows.map((r) => r.toolCallId), total };
    const immediate = await prisma.evaluation.findMany({
      where: { runId, criterionId: view.criterion, mode: "immediate", toolCall: where },
      orderBy: [{ score: { sort: view.dir, nulls: "last" } }, { toolCallId: "asc" }],
      skip,
      take,
      select: { toolCallId: true },
    });
    return { ids: immediate.map((r) => r.toolCallId), total };
  }
  const orderBy: Prisma.ToolCallOrderByWithRelationInput[] =
    view.sort === "tool" ? [{ toolName: view.dir }, ...byPosition("asc")] : byPosition(view.dir);
  const rows = await prisma.toolCall.findMany({ where, orderBy, skip, take, select: { id: true } });
  return { ids: rows.map((r) => r.id), total };
}

/** The calls before and after one call in the view's order, for previous/next on the tool-call page. */
export async function neighbours(prisma: PrismaClient, runId: string, view: RunView, toolCallId: string, limit = 20_000) {
  const { ids, total } = await runCallIdsPage(prisma, runId, view, 0, limit);
  const index = ids.indexOf(toolCallId);
  return { index: index < 0 ? null : index, total, previous: index > 0 ? ids[index - 1] : null, next: index >= 0 && index < ids.length - 1 ? ids[index + 1] : null };
}
