import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { passes } from "@/lib/runs/results/verdict";
import type { TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { criteriaHumanAgreement, runHumanAgreement } from "@/lib/review/server/human-agreement";
import { callItems, copyReviewDatabase, createReviewTemplate, demoQueue, TEST_MEMBERS } from "./test-fixtures";
import { recordVerdict } from "./verdict";

let template: Awaited<ReturnType<typeof createReviewTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let queue: Awaited<ReturnType<typeof demoQueue>>;
let testNumber = 0;
const ben = TEST_MEMBERS.reviewer;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 12, minutes));

// Migrating, seeding and judging the demo takes seconds, more when test files run side by side.
beforeAll(async () => {
  template = await createReviewTemplate();
}, 120_000);
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyReviewDatabase(template.file, `agreement-${++testNumber}`);
  prisma = db.prisma;
  queue = await demoQueue(prisma, at(0));
});
afterEach(() => db.cleanup());

/** Queue items of one criterion, with the judge's pass/fail. */
async function itemsOf(scale: "binary" | "continuous", count: number) {
  const items = callItems(
    await prisma.review.findMany({
      where: { queueId: queue.queueId, evaluation: { criterion: { scale } } },
      orderBy: { position: "asc" },
      select: { id: true, toolCallId: true, evaluation: { select: { id: true, criterionId: true, score: true, passed: true } } },
    }),
  );
  const criterionId = items[0].evaluation.criterionId;
  const same = items.filter((item) => item.evaluation.criterionId === criterionId).slice(0, count);
  expect(same).toHaveLength(count);
  return same.map((item) => ({ ...item, judgePasses: passes(scale, item.evaluation.score, item.evaluation.passed) === true }));
}

const word = (pass: boolean) => (pass ? "pass" : "fail");

describe("judge agreement", () => {
  it("counts agreement per judge and criterion with a confusion matrix, on a known set of verdicts", async () => {
    const [b1, b2, b3] = await itemsOf("binary", 3);
    const [c1, c2] = await itemsOf("continuous", 2);
    await recordVerdict(prisma, ben, b1.id, { verdict: "agree" }, at(1));
    await recordVerdict(prisma, ben, b2.id, { verdict: "disagree", passed: !b2.judgePasses }, at(2));
    await recordVerdict(prisma, ben, b3.id, { verdict: "discuss" }, at(3));
    await recordVerdict(prisma, ben, c1.id, { verdict: "agree" }, at(4));
    await recordVerdict(prisma, ben, c2.id, { verdict: "disagree", score: c2.judgePasses ? 0.1 : 0.9 }, at(5));

    const rows = await runHumanAgreement(prisma, queue.runId);
    expect(rows).toHaveLength(2);
    const binary = rows.find((row) => row.criterionId === b1.evaluation.criterionId);
    const continuous = rows.find((row) => row.criterionId === c1.evaluation.criterionId);

    const binaryMatrix = { pass: { pass: 0, fail: 0 }, fail: { pass: 0, fail: 0 } };
    binaryMatrix[word(b1.judgePasses)][word(b1.judgePasses)]++;
    binaryMatrix[word(b2.judgePasses)][word(!b2.judgePasses)]++;
    expect(binary).toMatchObject({ judgeId: "checks", scale: "binary", reviewed: 3, agreed: 1, disagreed: 1, discussed: 1, agreementRate: 0.5, confusion: binaryMatrix });
    expect(binary?.criterionText).toMatch(/^Tool call (passes|fails) if/);

    const continuousMatrix = { pass: { pass: 0, fail: 0 }, fail: { pass: 0, fail: 0 } };
    continuousMatrix[word(c1.judgePasses)][word(c1.judgePasses)]++;
    continuousMatrix[word(c2.judgePasses)][word(!c2.judgePasses)]++;
    expect(continuous).toMatchObject({ scale: "continuous", reviewed: 2, agreed: 1, disagreed: 1, discussed: 0, agreementRate: 0.5, confusion: continuousMatrix });

    expect(await criteriaHumanAgreement(prisma)).toEqual(rows);
  });

  it("is empty before anyone gives a verdict", async () => {
    expect(await runHumanAgreement(prisma, queue.runId)).toEqual([]);
  });
});
