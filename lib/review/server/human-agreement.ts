import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { humanAgreement, type JudgeAgreement, type ReviewedResult } from "@/lib/review/agreement";
import { HUMAN_VERDICTS, type HumanVerdictKind } from "@/lib/review/human-verdict";
import { asScale } from "@/lib/review/server/item-view";
import { asBoolean } from "@/lib/runs/server/results/verdict-sql";

/** Agreement of people with one judge on one criterion, with the criterion's words. */
export interface JudgeAgreementRow extends JudgeAgreement {
  criterionText: string;
  criterionTitle: string | null;
}

interface ReviewedRow {
  judgeId: string;
  criterionId: string;
  scale: string;
  text: string;
  title: string | null;
  score: number | null;
  passed: unknown;
  verdict: string;
  humanPassed: unknown;
  humanScore: number | null;
}

const isVerdict = (value: string): value is HumanVerdictKind => (HUMAN_VERDICTS as readonly string[]).includes(value);

/**
 * People's agreement with each judge per criterion (lib/review/agreement's humanAgreement), from
 * one statement instead of relation reads: the run page shows it on every view, and on the bench's
 * run with 1,000 verdicts the relation reads took 100–300 ms where this takes 10–30. Every item
 * with a verdict counts, whatever its status: a "discuss" is never done yet counts as reviewed, and
 * a verdict on an item in review is what its reviewer holds now. A call item counts under its call
 * criterion, an agent item (one TranscriptEvaluation) under its agent criterion; only one of the
 * two joins finds a row, so COALESCE picks that result's values.
 */
async function agreement(prisma: PrismaClient, where: Prisma.Sql): Promise<JudgeAgreementRow[]> {
  const rows = await prisma.$queryRaw<ReviewedRow[]>(Prisma.sql`
    SELECT COALESCE(e."judgeId", te."judgeId", run."judgeId") AS "judgeId", c."id" AS "criterionId", c."scale" AS scale, c."text" AS text, c."title" AS title,
      COALESCE(e."score", te."score") AS score, COALESCE(e."passed", te."passed") AS passed, r."verdict" AS verdict, r."humanPassed" AS "humanPassed", r."humanScore" AS "humanScore"
    FROM "Review" r
    LEFT JOIN "Evaluation" e ON e."id" = r."evaluationId"
    LEFT JOIN "TranscriptEvaluation" te ON te."id" = r."transcriptEvaluationId"
    JOIN "Criterion" c ON c."id" = COALESCE(e."criterionId", te."criterionId")
    JOIN "Run" run ON run."id" = r."runId"
    WHERE r."verdict" IS NOT NULL AND ${where}`);
  const criteria = new Map(rows.map((row) => [row.criterionId, row]));
  const reviewed = rows.flatMap((row): ReviewedResult[] =>
    isVerdict(row.verdict)
      ? [
          {
            // Results keep the judge that produced them; older rows fall back to the run's.
            judgeId: row.judgeId,
            criterionId: row.criterionId,
            scale: asScale(row.scale),
            judgeScore: row.score,
            judgePassed: asBoolean(row.passed),
            verdict: row.verdict,
            humanPassed: asBoolean(row.humanPassed),
            humanScore: row.humanScore,
          },
        ]
      : [],
  );
  return humanAgreement(reviewed).map((entry) => {
    const criterion = criteria.get(entry.criterionId);
    return { ...entry, criterionText: criterion?.text ?? entry.criterionId, criterionTitle: criterion?.title ?? null };
  });
}

/** How often people agreed with the run's judge, per criterion, with confusion matrices; read on Review's (runId, …) index. */
export function runHumanAgreement(prisma: PrismaClient, runId: string): Promise<JudgeAgreementRow[]> {
  return agreement(prisma, Prisma.sql`r."runId" = ${runId}`);
}

/** The same across every run, per judge × criterion, for the criteria page. */
export function criteriaHumanAgreement(prisma: PrismaClient): Promise<JudgeAgreementRow[]> {
  return agreement(prisma, Prisma.sql`1 = 1`);
}
