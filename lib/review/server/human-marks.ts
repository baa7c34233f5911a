import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { HumanMark } from "@/lib/runs/results/human-mark";
import { parseReviewStatus } from "@/lib/review/status";
import { asMode, asScale, humanView } from "@/lib/review/server/item-view";
import { asBoolean } from "@/lib/runs/server/results/verdict-sql";

interface MarkRow {
  reviewId: string;
  queueId: string;
  toolCallId: string;
  status: string;
  verdict: string | null;
  humanPassed: unknown;
  humanScore: number | null;
  verdictAt: unknown;
  reviewer: string | null;
  label: string | null;
  criterionId: string;
  mode: string;
  score: number | null;
  passed: unknown;
  scale: string;
}


function asIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(typeof value === "bigint" ? Number(value) : (value as string | number));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function toMark(row: MarkRow): HumanMark {
  const judge = { score: row.score, passed: asBoolean(row.passed) };
  const { verdict, corrected } = humanView({ verdict: row.verdict, humanPassed: asBoolean(row.humanPassed), humanScore: row.humanScore }, judge, asScale(row.scale));
  return {
    reviewId: row.reviewId,
    queueId: row.queueId,
    criterionId: row.criterionId,
    mode: asMode(row.mode),
    status: parseReviewStatus(row.status),
    verdict: verdict?.verdict ?? null,
    passed: corrected?.passed ?? null,
    score: corrected?.score ?? null,
    overturned: corrected?.overturned ?? false,
    reviewer: row.reviewer,
    label: row.label,
    verdictAt: asIso(row.verdictAt),
  };
}

/**
 * The reviews of some of a run's calls (one page of the table, or one call), by call. One
 * statement on Review's (runId, toolCallId) index with the result, criterion, reviewer and label
 * joined by primary key, so its cost follows the number of calls asked, never the run's size.
 * `verdictOnly` leaves out results that are queued but not yet judged by anyone.
 */
export async function humanMarksForCalls(
  prisma: PrismaClient,
  runId: string,
  toolCallIds: readonly string[],
  options: { verdictOnly?: boolean } = {},
): Promise<Map<string, HumanMark[]>> {
  const byCall = new Map<string, HumanMark[]>();
  if (toolCallIds.length === 0) return byCall;
  const rows = await prisma.$queryRaw<MarkRow[]>(Prisma.sql`
    SELECT r."id" AS "reviewId", r."queueId" AS "queueId", r."toolCallId" AS "toolCallId", r."status" AS status, r."verdict" AS verdict,
      r."humanPassed" AS "humanPassed", r."humanScore" AS "humanScore", r."verdictAt" AS "verdictAt",
      u."name" AS reviewer, l."name" AS label, e."criterionId" AS "criterionId", e."mode" AS mode, e."score" AS score, e."passed" AS passed, c."scale" AS scale
    FROM "Review" r
    JOIN "Evaluation" e ON e."id" = r."evaluationId"
    JOIN "Criterion" c ON c."id" = e."criterionId"
    LEFT JOIN "User" u ON u."id" = r."verdictById"
    LEFT JOIN "ReviewLabel" l ON l."id" = r."labelId"
    WHERE r."runId" = ${runId} AND r."toolCallId" IN (${Prisma.join([...toolCallIds])})${options.verdictOnly ? Prisma.sql` AND r."verdict" IS NOT NULL` : Prisma.empty}`);
  for (const row of rows) {
    const marks = byCall.get(row.toolCallId);
    if (marks) marks.push(toMark(row));
    else byCall.set(row.toolCallId, [toMark(row)]);
  }
  return byCall;
}
