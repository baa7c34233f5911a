import { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewFilter, RunView } from "@/lib/runs/schemas/run-view";

/** The Review rows a filter keeps, as a condition on `r` (a Review). */
function statusCondition(filter: Exclude<ReviewFilter, "none">): Prisma.Sql {
  // Disputed is about the verdict, not the status: a disagreement stays one while it is discussed further.
  return filter === "disputed" ? Prisma.sql`r."verdict" = 'disagree'` : Prisma.sql`r."status" = ${filter}`;
}

/**
 * The run page's review-status filter as a condition on `tc` (a ToolCall), or null without one.
 * Reviews hang off single results, so the view's criterion and mode scope them as they scope the
 * verdict filter. Positive filters meet ToolCall as a set read from Review's (runId, toolCallId)
 * index: a run holds far fewer reviews than calls, so the set is small and drives the lookup.
 * `none` must look at every call, so it is one NOT EXISTS probe per call on that same index.
 */
export function reviewStatusCondition(runId: string, view: Pick<RunView, "review" | "criterion" | "mode">): Prisma.Sql | null {
  if (!view.review) return null;
  const scoped = Boolean(view.criterion || view.mode);
  // Criterion and mode live on the result: joined by its primary key only when they narrow.
  const join = scoped ? Prisma.sql` JOIN "Evaluation" e ON e."id" = r."evaluationId"` : Prisma.empty;
  const scope = [
    ...(view.criterion ? [Prisma.sql`e."criterionId" = ${view.criterion}`] : []),
    ...(view.mode ? [Prisma.sql`e."mode" = ${view.mode}`] : []),
  ];
  if (view.review === "none") {
    const where = Prisma.join([Prisma.sql`r."runId" = ${runId}`, Prisma.sql`r."toolCallId" = tc."id"`, ...scope], " AND ");
    return Prisma.sql`NOT EXISTS (SELECT 1 FROM "Review" r${join} WHERE ${where})`;
  }
  const where = Prisma.join([Prisma.sql`r."runId" = ${runId}`, statusCondition(view.review), ...scope], " AND ");
  return Prisma.sql`tc."id" IN (SELECT r."toolCallId" FROM "Review" r${join} WHERE ${where})`;
}
