import type { PrismaClient } from "@/lib/generated/prisma/client";
import { passes } from "@/lib/runs/results/verdict";
import { callItems, copyReviewDatabase, createReviewTemplate, demoQueue, TEST_MEMBERS } from "@/lib/review/server/test-fixtures";
import { setReviewLabel } from "@/lib/review/server/label";
import { setReviewStatus } from "@/lib/review/server/status";
import { recordVerdict } from "@/lib/review/server/verdict";

/** One queued result of the demo run, with what its judge said. */
export interface ReviewedItem {
  reviewId: string;
  queueId: string;
  toolCallId: string;
  evaluationId: string;
  criterionId: string;
  mode: string;
  scale: "binary" | "continuous";
  judgePasses: boolean;
}

export interface ReviewedDemo {
  prisma: PrismaClient;
  runId: string;
  queueId: string;
  /** Ben disagreed (the opposite pass/fail), labelled it "wrong tool" and marked it done. */
  disputed: ReviewedItem;
  /** Ben corrected a continuous result's score, left in review. */
  rescored: ReviewedItem & { humanScore: number };
  /** Ben agreed and marked it done. */
  agreed: ReviewedItem;
  /** Ben asked for a discussion: in review. */
  discussed: ReviewedItem;
  /** Queued, untouched: open. */
  open: ReviewedItem;
  reviewer: string;
  cleanup(): Promise<void>;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 12, minutes));

/**
 * The demo run (judged by the built-in checks) with its default review queue and a known set of
 * verdicts by Ben, one per kind; every result of its calls queued or not is real. Takes seconds:
 * build it once per test file and only read from it.
 */
export async function reviewedDemo(label: string): Promise<ReviewedDemo> {
  const template = await createReviewTemplate();
  const db = copyReviewDatabase(template.file, `reviewed-${label}`);
  const prisma = db.prisma;
  const queue = await demoQueue(prisma, at(0));
  const rows = await prisma.review.findMany({
    where: { queueId: queue.queueId },
    orderBy: { position: "asc" },
    select: { id: true, toolCallId: true, evaluation: { select: { id: true, criterionId: true, mode: true, score: true, passed: true, criterion: { select: { scale: true } } } } },
  });
  const items = callItems(rows).map((row): ReviewedItem => {
    const scale = row.evaluation.criterion.scale === "binary" ? "binary" : "continuous";
    return {
      reviewId: row.id,
      queueId: queue.queueId,
      toolCallId: row.toolCallId,
      evaluationId: row.evaluation.id,
      criterionId: row.evaluation.criterionId,
      mode: row.evaluation.mode,
      scale,
      judgePasses: passes(scale, row.evaluation.score, row.evaluation.passed) === true,
    };
  });
  // Each kind on a call of its own, so a filter by status tells them apart.
  const used = new Set<string>();
  const take = (scale: "binary" | "continuous") => {
    const item = items.find((candidate) => candidate.scale === scale && !used.has(candidate.toolCallId));
    if (!item) throw new Error(`The demo queue has no more ${scale} items on calls of their own`);
    used.add(item.toolCallId);
    return item;
  };
  const disputed = take("binary");
  const rescored = take("continuous");
  const agreed = take("binary");
  const discussed = take("binary");
  const open = take("binary");

  const ben = TEST_MEMBERS.reviewer;
  const wrongTool = await prisma.reviewLabel.findFirstOrThrow({ where: { name: { contains: "wrong tool" } }, select: { id: true } });
  await recordVerdict(prisma, ben, disputed.reviewId, { verdict: "disagree", passed: !disputed.judgePasses }, at(1));
  await setReviewLabel(prisma, ben, disputed.reviewId, wrongTool.id, at(2));
  await setReviewStatus(prisma, ben, disputed.reviewId, "done", at(3));
  const humanScore = 0.95;
  await recordVerdict(prisma, ben, rescored.reviewId, { verdict: "disagree", score: humanScore }, at(4));
  await recordVerdict(prisma, ben, agreed.reviewId, { verdict: "agree" }, at(5));
  await setReviewStatus(prisma, ben, agreed.reviewId, "done", at(6));
  await recordVerdict(prisma, ben, discussed.reviewId, { verdict: "discuss" }, at(7));
  return {
    prisma,
    runId: queue.runId,
    queueId: queue.queueId,
    disputed,
    rescored: { ...rescored, humanScore },
    agreed,
    discussed,
    open,
    reviewer: ben.name,
    cleanup: async () => {
      await db.cleanup();
      template.cleanup();
    },
  };
}
