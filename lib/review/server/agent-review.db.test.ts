import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { queueFilterSchema, type QueueFilterInput } from "@/lib/review/queue-filter";
import { seedDemo } from "@/lib/demo/server/seed";
import { agentView } from "@/lib/runs/results/agent-view";
import { runAgentResults } from "@/lib/runs/server/results/agent-results";
import { agentExportRecords, type AgentExportRecord } from "@/lib/runs/server/results/export-agent";
import { runHumanAgreement } from "@/lib/review/server/human-agreement";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { createRun } from "@/lib/runs/server/create-run";
import { createTestDatabase, type TestDatabase } from "@/lib/platform/db/test-database";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { assignItem } from "./assign";
import { buildQueue } from "./build-queue";
import { addComment } from "./comments";
import { getReviewItem } from "./get-item";
import { setReviewLabel } from "./label";
import { createLabel } from "./labels";
import { listQueueItems } from "./list-items";
import { setReviewStatus } from "./status";
import { TEST_MEMBERS } from "./test-fixtures";
import { recordVerdict } from "./verdict";

// Agent-level items on the database the suite runs on (SQLite, or PostgreSQL under `npm run test:pg`):
// the queue writers, the item reads and judge agreement have per-dialect or raw SQL.
// The run's call results come from the worker; its agent-level results are written here as the
// worker stores them (done, with score, verdict, explanation and findings), since the PostgreSQL
// worker does not judge them yet.

let db: TestDatabase;
let prisma: PrismaClient;
let runId: string;
let binaryAgent: string;
let continuousAgent: string;
/** Transcript ids in the run page's order (creation time, then id). */
let transcripts: string[];
const { admin: ana, reviewer: ben } = TEST_MEMBERS;
const t0 = new Date("2026-11-26T12:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const filter = (input: QueueFilterInput = {}) => queueFilterSchema.parse(input);

beforeAll(async () => {
  db = await createTestDatabase("agent-review");
  prisma = db.prisma;
  await seedDemo(prisma);
  for (const member of [ana, ben]) await prisma.user.create({ data: member });
  const callCriteria = await prisma.criterion.findMany({ where: { source: "demo" }, select: { id: true } });
  await createRun(prisma, newRunSchema.parse({ name: "Agent review", selection: { kind: "all" }, criterionIds: callCriteria.map((c) => c.id), mode: "hindsight" }));
  await runUntilIdle({ prisma });
  const run = await prisma.run.findFirstOrThrow({ select: { id: true, status: true } });
  expect(run.status).toBe("done");
  runId = run.id;
  binaryAgent = (await prisma.criterion.create({ data: { text: "Agent passes if it confirms the outcome to the user", kind: "passes-if", scale: "binary", condition: "it confirms the outcome to the user", scope: "agent" } })).id;
  continuousAgent = (await prisma.criterion.create({ data: { text: "Reward agents that finish in few steps", kind: "reward", scale: "continuous", condition: "finish in few steps", scope: "agent" } })).id;
  const position = await prisma.runCriterion.count({ where: { runId } });
  await prisma.runCriterion.createMany({ data: [{ runId, criterionId: binaryAgent, position }, { runId, criterionId: continuousAgent, position: position + 1 }] });
  transcripts = (await prisma.transcript.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } })).map((t) => t.id);
  expect(transcripts.length).toBeGreaterThanOrEqual(3);
  // Transcript 0 fails the binary one, transcript 1 scores low on the continuous one; the rest pass.
  for (const [index, transcriptId] of transcripts.entries()) {
    const fails = index === 0;
    const low = index === 1;
    await prisma.transcriptEvaluation.createMany({
      data: [
        {
          runId, transcriptId, criterionId: binaryAgent, status: "done", passed: !fails, score: fails ? 0 : 1, judgeId: "checks",
          explanation: fails ? "The agent never told the user the booking went through." : "Confirmed.",
          findings: fails ? [{ check: "final-confirmation", severity: "major", message: "No confirmation", evidence: "last message: (tool result)" }] : [],
        },
        { runId, transcriptId, criterionId: continuousAgent, status: "done", score: low ? 0.2 : 0.9, judgeId: "checks", explanation: low ? "Nine steps for a two-step task." : "Short.", findings: [] },
      ],
    });
  }
}, 180_000);
afterAll(() => db.cleanup());
// Each test builds its own queues: a result is queued once across queues.
beforeEach(async () => {
  await prisma.reviewQueue.deleteMany();
});

async function agentItems(queueId: string) {
  return prisma.review.findMany({ where: { queueId, transcriptEvaluationId: { not: null } }, orderBy: { position: "asc" }, include: { transcriptEvaluation: true } });
}

describe("building a queue with agent-level results", () => {
  it("takes the failing and low-scoring agent results beside the call results, after their transcript's calls", async () => {
    const built = await buildQueue(prisma, ana, { runId, filter: filter() }, at(0));
    const agents = await agentItems(built.queueId);
    expect(built.addedAgent).toBe(2);
    expect(agents.map((item) => [item.transcriptEvaluation?.transcriptId, item.transcriptEvaluation?.criterionId, item.reasons])).toEqual([
      [transcripts[0], binaryAgent, ["failed"]],
      [transcripts[1], continuousAgent, ["failed", "low-score"]],
    ]);
    expect(agents.every((item) => item.toolCallId === null && item.evaluationId === null)).toBe(true);
    // Reading order: an agent item follows every call item of its transcript and precedes the next transcript's.
    const all = await prisma.review.findMany({ where: { queueId: built.queueId }, orderBy: { position: "asc" }, select: { id: true, toolCall: { select: { transcriptId: true } }, transcriptEvaluation: { select: { transcriptId: true } } } });
    const transcriptOf = all.map((item) => item.toolCall?.transcriptId ?? item.transcriptEvaluation?.transcriptId);
    const agentAt = all.findIndex((item) => item.id === agents[0].id);
    expect(transcriptOf.slice(0, agentAt).every((id) => id === transcripts[0])).toBe(true);
    expect(transcriptOf.slice(agentAt + 1).includes(transcripts[0])).toBe(false);
    expect(built.added).toBe(all.length);
    // The first item's history says who queued it, as for a call item.
    expect(await prisma.reviewEvent.findFirst({ where: { reviewId: agents[0].id }, select: { kind: true, actorId: true } })).toEqual({ kind: "created", actorId: ana.id });
  });

  it("does not queue an agent result twice and says where the matches are", async () => {
    const first = await buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["agent"] }) }, at(0));
    expect(first).toMatchObject({ added: 2, addedAgent: 2 });
    await expect(buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["agent"] }) }, at(1))).rejects.toMatchObject({
      code: "nothing-matched",
      message: "Nothing new matched: the 2 matching results are already in a queue.",
      details: { queueId: first.queueId },
    });
  });

  it("leaves agent results out for a tool or mode restriction or calls only, and narrows them by criterion and cap", async () => {
    const tool = (await prisma.toolCall.findFirstOrThrow({ select: { toolName: true } })).toolName;
    for (const restricted of [{ toolNames: [tool] }, { modes: ["hindsight" as const] }, { scopes: ["call" as const] }]) {
      // A restriction may leave no call result either: then nothing is built at all.
      const agentAdded = await buildQueue(prisma, ana, { runId, filter: filter(restricted) }, at(0)).then(
        (built) => built.addedAgent,
        (error: unknown) => (error instanceof Error && "code" in error && error.code === "nothing-matched" ? 0 : Promise.reject(error)),
      );
      expect(agentAdded).toBe(0);
      await prisma.reviewQueue.deleteMany();
    }
    const byCriterion = await buildQueue(prisma, ana, { runId, filter: filter({ criterionIds: [continuousAgent] }) }, at(0));
    expect(byCriterion).toMatchObject({ added: 1, addedAgent: 1 });
    await prisma.reviewQueue.deleteMany();
    const capped = await buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["agent"], limit: 1, sampling: "random" }) }, at(0));
    expect(capped).toMatchObject({ added: 1, matched: 2 });
  });
});

describe("reviewing an agent item", () => {
  it("reads as a whole-transcript item in the list and on its page, with its neighbours", async () => {
    const built = await buildQueue(prisma, ana, { runId, filter: filter() }, at(0));
    const [agent] = await agentItems(built.queueId);
    const list = await listQueueItems(prisma, built.queueId, { page: 1, pageSize: 100 }, ana.id, at(1));
    const row = list?.rows.find((candidate) => candidate.id === agent.id);
    expect(row).toMatchObject({ scope: "agent", toolCallId: null, toolName: null, callOrdinal: null, mode: null, criterionId: binaryAgent, judge: { passed: false, verdict: "fail" } });
    expect(row?.transcriptName).toEqual(expect.any(String));
    expect(list?.rows.filter((candidate) => candidate.scope === "call").length).toBe(built.added - 2);

    const detail = await getReviewItem(prisma, agent.id, ana.id, {}, at(1));
    expect(detail).toMatchObject({ scope: "agent", toolCallId: null, transcript: { id: transcripts[0] }, criterion: { id: binaryAgent, scale: "binary" } });
    expect(detail?.evaluation).toMatchObject({ evaluationId: agent.transcriptEvaluationId, mode: null, judgeId: "checks", verdict: "fail" });
    expect(detail?.evaluation.result.explanation).toBe("The agent never told the user the booking went through.");
    expect(detail?.evaluation.result.findings).toEqual([{ check: "final-confirmation", severity: "major", message: "No confirmation", evidence: "last message: (tool result)" }]);
    // Neighbours in queue order, as for a call item.
    const neighbour = async (position: number) => (await prisma.review.findFirst({ where: { queueId: built.queueId, position }, select: { id: true } }))?.id ?? null;
    expect(detail?.previousId).toBe(await neighbour(agent.position - 1));
    expect(detail?.nextId).toBe(await neighbour(agent.position + 1));
    expect(detail?.nextId).toEqual(expect.any(String));
  });

  it("takes assignment, a disputed verdict, a comment, a label and done, with its history and judge agreement", async () => {
    const built = await buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["agent"] }) }, at(0));
    const [binary, continuous] = await agentItems(built.queueId);
    const label = await createLabel(prisma, { name: `Judge too strict ${Date.now()}` });

    await assignItem(prisma, ana, binary.id, ben.id, at(1));
    await expect(recordVerdict(prisma, ben, binary.id, { verdict: "disagree", passed: false }, at(2))).rejects.toMatchObject({ message: expect.stringMatching(/^The judge already said/) });
    await recordVerdict(prisma, ben, binary.id, { verdict: "disagree", passed: true }, at(2));
    await addComment(prisma, ben, binary.id, { body: "It did confirm, in the tool's own words." }, at(3));
    await setReviewLabel(prisma, ben, binary.id, label.id, at(4));
    await setReviewStatus(prisma, ben, binary.id, "done", at(5));
    await recordVerdict(prisma, ben, continuous.id, { verdict: "agree" }, at(6));

    const detail = await getReviewItem(prisma, binary.id, ben.id, {}, at(7));
    expect(detail).toMatchObject({ status: "done", verdict: { verdict: "disagree", passed: true }, corrected: { passed: true, overturned: true }, assignee: { id: ben.id }, label: { id: label.id } });
    expect(detail?.comments.map((comment) => comment.body)).toEqual(["It did confirm, in the tool's own words."]);
    expect(detail?.history.map((entry) => entry.sentence).reverse()).toEqual([
      expect.stringMatching(/^Ana queued it/),
      "Ana assigned it to Ben",
      "Ben claimed it",
      "Ben disagreed: judge said fail, should be pass",
      "Ben moved it from open to in review",
      "Ben commented",
      expect.stringMatching(/^Ben labelled it/),
      "Ben marked it done",
      "Ben’s lock ended as it was marked done",
    ]);

    // The export carries the person's review beside the judge's result, as for a call.
    const exported: AgentExportRecord[] = [];
    for await (const records of agentExportRecords(prisma, runId, 100)) exported.push(...records);
    expect(exported.find((record) => record.transcript_id === transcripts[0] && record.criterion_id === binaryAgent)?.human).toEqual({
      review_status: "done", verdict: "disagree", passed: true, score: null, label: label.name, reviewer: ben.name, reviewed_at: at(2).toISOString(),
    });
    expect(exported.find((record) => record.transcript_id === transcripts[2] && record.criterion_id === binaryAgent)?.human).toBeNull();

    // A call item's verdict still counts under its call criterion beside them.
    const callBuilt = await buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["call"] }) }, at(8));
    const callItem = await prisma.review.findFirstOrThrow({ where: { queueId: callBuilt.queueId }, orderBy: { position: "asc" }, select: { id: true, evaluation: { select: { criterionId: true } } } });
    await recordVerdict(prisma, ana, callItem.id, { verdict: "agree" }, at(9));

    const agreement = await runHumanAgreement(prisma, runId);
    expect(agreement.find((row) => row.criterionId === callItem.evaluation?.criterionId)).toMatchObject({ reviewed: 1, agreed: 1 });
    expect(agreement.find((row) => row.criterionId === binaryAgent)).toMatchObject({ judgeId: "checks", reviewed: 1, agreed: 0, disagreed: 1, confusion: { fail: { pass: 1, fail: 0 }, pass: { pass: 0, fail: 0 } } });
    expect(agreement.find((row) => row.criterionId === continuousAgent)).toMatchObject({ reviewed: 1, agreed: 1, disagreed: 0 });
  });

  it("goes with its result: deleting the agent-level result removes the item", async () => {
    const built = await buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["agent"] }) }, at(0));
    const [item] = await agentItems(built.queueId);
    const resultId = item.transcriptEvaluationId;
    if (!resultId) throw new Error("an agent item without its result");
    const copy = await prisma.transcriptEvaluation.findUniqueOrThrow({ where: { id: resultId } });
    await prisma.transcriptEvaluation.delete({ where: { id: resultId } });
    expect(await prisma.review.findUnique({ where: { id: item.id } })).toBeNull();
    await prisma.transcriptEvaluation.create({ data: { ...copy, findings: copy.findings ?? [], usage: copy.usage ?? undefined, measuredBy: copy.measuredBy ?? undefined } });
  });
});

describe("the run page's filters on agent-level results", () => {
  const listed = async (input: Record<string, string>) => {
    const view = agentView(runViewSchema.parse(input), [binaryAgent, continuousAgent]);
    const page = await runAgentResults(prisma, runId, 1, view);
    return page.rows.map((row) => `${transcripts.indexOf(row.transcriptId)}:${row.criterionId === binaryAgent ? "binary" : "continuous"}`).sort();
  };

  it("keeps the verdict, score and criterion asked for; a call-level criterion keeps none", async () => {
    expect(await listed({ verdict: "fail" })).toEqual(["0:binary", "1:continuous"]);
    expect(await listed({ verdict: "pass", criterion: binaryAgent })).toEqual(transcripts.slice(1).map((_, index) => `${index + 1}:binary`).sort());
    expect(await listed({ max: "0.5" })).toEqual(["0:binary", "1:continuous"]);
    const callCriterion = (await prisma.criterion.findFirstOrThrow({ where: { scope: "call" }, select: { id: true } })).id;
    expect(await listed({ criterion: callCriterion })).toEqual([]);
    // Tool-call filters leave agent-level results as they are.
    expect((await listed({ tool: "anything", mode: "hindsight", q: "x" })).length).toBe(transcripts.length * 2);
  });

  it("keeps the transcripts whose metadata matches, and reads review status", async () => {
    await prisma.transcript.update({ where: { id: transcripts[1] }, data: { model: "agent-model-x", success: false } });
    expect(await listed({ model: "agent-model-x" })).toEqual(["1:binary", "1:continuous"]);
    expect(await listed({ model: "agent-model-x", outcome: "failure", verdict: "fail" })).toEqual(["1:continuous"]);
    await buildQueue(prisma, ana, { runId, filter: filter({ scopes: ["agent"] }) }, at(0));
    expect(await listed({ review: "open" })).toEqual(["0:binary", "1:continuous"]);
    expect((await listed({ review: "none" })).length).toBe(transcripts.length * 2 - 2);
  });
});
