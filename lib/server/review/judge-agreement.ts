import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { humanAgreement, type JudgeAgreement, type ReviewedResult } from "@/lib/review/agreement";
import { HUMAN_VERDICTS, type HumanVerdictKind } from "@/lib/review/human-verdict";
import { asScale } from "./item-view";

/** Agreement of people with one judge on one criterion, with the criterion's words. */
export interface JudgeAgreementRow extends JudgeAgreement {
  criterionText: string;
  criterionTitle: string | null;
}

const isVerdict = (value: string | null): value is HumanVerdictKind => value !== null && (HUMAN_VERDICTS as readonly string[]).includes(value);

/**
 * Every item with a verdict, whatever its status: a "discuss" is never done yet counts as reviewed,
 * and a verdict on an item in review is what its reviewer holds now.
 */
async function agreement(prisma: PrismaClient, where: Prisma.ReviewWhereInput): Promise<JudgeAgreementRow[]> {
  const items = await prisma.review.findMany({
    where: { ...where, verdict: { not: null } },
    select: {
      verdict: true,
      humanPassed: true,
      humanScore: true,
      run: { select: { judgeId: true } },
      evaluation: { select: { judgeId: true, score: true, passed: true, criterion: { select: { id: true, scale: true, text: true, title: true } } } },
    },
  });
  const criteria = new Map(items.map((item) => [item.evaluation.criterion.id, item.evaluation.criterion]));
  const rows = items.flatMap((item): ReviewedResult[] =>
    isVerdict(item.verdict)
      ? [
          {
            // Results keep the judge that produced them; older rows fall back to the run's.
            judgeId: item.evaluation.judgeId ?? item.run.judgeId,
            criterionId: item.evaluation.criterion.id,
            scale: asScale(item.evaluation.criterion.scale),
            judgeScore: item.evaluation.score,
            judgePassed: item.evaluation.passed,
            verdict: item.verdict,
            humanPassed: item.humanPassed,
            humanScore: item.humanScore,
          },
        ]
      : [],
  );
  return humanAgreement(rows).map((entry) => {
    const criterion = criteria.get(entry.criterionId);
    return { ...entry, criterionText: criterion?.text ?? entry.criterionId, criterionTitle: criterion?.title ?? null };
  });
}

/** How often people agreed with the run's judge, per criterion, with confusion matrices. */
export async function judgeAgreementForRun(prisma: PrismaClient, runId: string): Promise<JudgeAgreementRow[]> {
  return agreement(prisma, { runId });
}

/** The same across every run, per judge × criterion (only one criterion's with `criterionId`), for the criteria pages. */
export async function judgeAgreementForCriteria(prisma: PrismaClient, options: { criterionId?: string } = {}): Promise<JudgeAgreementRow[]> {
  return agreement(prisma, options.criterionId ? { evaluation: { criterionId: options.criterionId } } : {});
}
