import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "@/lib/accounts/roles";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import type { StartRunRequest } from "@/lib/runs/schemas/start-run";
import { listRuns } from "./list-runs";
import { startRun } from "./start-run";
import { AppError } from "@/lib/platform/errors/app-error";

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let criteria: { id: string; text: string }[];
let testNumber = 0;

beforeAll(async () => {
  template = await createDemoTemplate("callboard-start-run-");
});
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyDatabase(template.file, `start-run-${++testNumber}`);
  prisma = db.prisma;
  criteria = await prisma.criterion.findMany({ where: { archived: false }, orderBy: { text: "asc" }, select: { id: true, text: true } });
});
afterEach(() => db.cleanup());

const reviewer = { role: "reviewer" as Role };
const NEW_TEXT = "Tool call fails if the date argument is in the past";
const start = (request: Partial<StartRunRequest> = {}, actor: { role: Role } = reviewer, env: Record<string, string> = {}) =>
  startRun(prisma, actor, { selection: { kind: "all" }, criteria: [criteria[0].id], judge: "checks", mode: "auto", ...request }, env);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a AppError, got ${String(error)}`);
  return error;
}

const runCriteria = async (runId: string) =>
  (await prisma.runCriterion.findMany({ where: { runId }, orderBy: { position: "asc" }, select: { criterionId: true } })).map((row) => row.criterionId);

describe("startRun: criteria", () => {
  it("creates an agent criterion from its text with scope agent, and one agent row per transcript", async () => {
    const text = "Agent fails if it leaves a tool error unrecovered";
    const run = await start({ criteria: [criteria[0].id, text] });
    const created = await prisma.criterion.findUniqueOrThrow({ where: { text } });
    expect(created).toMatchObject({ scope: "agent", kind: "fails-if", scale: "binary", condition: "it leaves a tool error unrecovered" });
    expect(await prisma.transcriptEvaluation.count({ where: { runId: run.runId, criterionId: created.id } })).toBe(await prisma.transcript.count());
    expect(await prisma.evaluation.count({ where: { runId: run.runId, criterionId: created.id } })).toBe(0);
    const invalid = await refusal(start({ criteria: ["Agents are judged kindly"] }));
    expect(invalid.message).toMatch(/criteria\[0\]: .*"Reward agents …"/);
  });

  it("takes criteria by id and by their exact text, in the order given, reusing stored ones", async () => {
    const before = await prisma.criterion.count();
    const run = await start({ criteria: [criteria[1].id, `  ${criteria[0].text} `] });
    expect(await runCriteria(run.runId)).toEqual([criteria[1].id, criteria[0].id]);
    expect(await prisma.criterion.count()).toBe(before);
  });

  it("creates a new criterion text once, parsed with its prefix, and reuses it the next time", async () => {
    const first = await start({ criteria: [NEW_TEXT, criteria[0].id] });
    const created = await prisma.criterion.findUniqueOrThrow({ where: { text: NEW_TEXT } });
    expect(created).toMatchObject({ kind: "fails-if", scale: "binary", condition: "the date argument is in the past", archived: false, source: "user" });
    expect(await runCriteria(first.runId)).toEqual([created.id, criteria[0].id]);
    const second = await start({ criteria: [NEW_TEXT] });
    expect(await runCriteria(second.runId)).toEqual([created.id]);
    expect(await prisma.criterion.count({ where: { text: NEW_TEXT } })).toBe(1);
  });

  it("counts a criterion given by id and by text once", async () => {
    const run = await start({ criteria: [criteria[0].id, criteria[0].text] });
    expect(await runCriteria(run.runId)).toEqual([criteria[0].id]);
  });

  it("refuses an unknown id, a text without a prefix and an archived criterion, naming the entry, and stores nothing", async () => {
    const unknown = await refusal(start({ criteria: [criteria[0].id, "nope123"] }));
    expect(unknown).toMatchObject({ code: "unknown-criteria", details: { path: "criteria[1]" } });
    expect(unknown.message).toMatch(/^criteria\[1\]: there is no criterion with id "nope123"/);

    const noPrefix = await refusal(start({ criteria: ["Check that the tool is right", NEW_TEXT] }));
    expect(noPrefix).toMatchObject({ code: "invalid-criterion", details: { path: "criteria[0]" } });
    expect(noPrefix.message).toMatch(/must start with one of "Reward tool calls …"/);

    await prisma.criterion.update({ where: { id: criteria[1].id }, data: { archived: true } });
    for (const ref of [criteria[1].id, criteria[1].text]) {
      const archived = await refusal(start({ criteria: [NEW_TEXT, ref] }));
      expect(archived).toMatchObject({ code: "archived-criterion", details: { path: "criteria[1]" } });
      expect(archived.message).toMatch(/is archived: restore it under Criteria/);
    }
    expect(await prisma.criterion.count({ where: { text: NEW_TEXT } })).toBe(0);
    expect(await prisma.run.count()).toBe(0);
  });
});

describe("startRun: transcripts", () => {
  it("covers all transcripts, one upload or listed ids", async () => {
    const calls = await prisma.toolCall.findMany({ select: { transcriptId: true } });
    const all = await start();
    expect(all.total).toBe(calls.length);

    const upload = await prisma.upload.findFirstOrThrow({ select: { id: true } });
    expect((await start({ selection: { kind: "upload", uploadId: upload.id } })).total).toBe(await prisma.toolCall.count({ where: { transcript: { uploadId: upload.id } } }));

    const one = calls[0].transcriptId;
    const byIds = await start({ selection: { kind: "transcripts", ids: [one] }, criteria: [criteria[0].id, criteria[1].id], mode: "immediate" });
    expect(byIds.total).toBe(calls.filter((call) => call.transcriptId === one).length * 2);
  });

  it("refuses an unknown upload, unknown transcript ids and a selection without tool calls", async () => {
    expect(await refusal(start({ selection: { kind: "upload", uploadId: "missing" } }))).toMatchObject({ code: "unknown-transcripts", details: { path: "transcripts.upload" } });

    const transcript = await prisma.transcript.findFirstOrThrow({ select: { id: true } });
    const ids = await refusal(start({ selection: { kind: "transcripts", ids: [transcript.id, "gone-1", "gone-2"] } }));
    expect(ids).toMatchObject({ code: "unknown-transcripts", details: { path: "transcripts.ids[1]" } });
    expect(ids.message).toBe('transcripts.ids[1]: there is no transcript with id "gone-1" (2 ids in all are unknown).');

    const noCalls = await refusal(start({ selection: { kind: "filter", q: "no transcript is called this", tool: undefined }, criteria: [NEW_TEXT] }));
    expect(noCalls).toMatchObject({ code: "empty-selection", details: { path: "transcripts" } });
    // Refused before the criterion was created.
    expect(await prisma.criterion.count({ where: { text: NEW_TEXT } })).toBe(0);
  });

  it("runs agent criteria on transcripts without tool calls, and still refuses a selection without transcripts", async () => {
    const transcript = await prisma.transcript.create({
      data: { name: "only talk", format: "openai-chat", contentHash: "only-talk", messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "Hello!" }], tools: [], metadata: {}, messageCount: 2, toolCallCount: 0, warnings: [] },
    });
    const agentText = "Reward agents that answer the user's request";
    const run = await start({ selection: { kind: "transcripts", ids: [transcript.id] }, criteria: [agentText] });
    expect(await prisma.transcriptEvaluation.count({ where: { runId: run.runId } })).toBe(1);
    // With a tool-call criterion only, the same selection has nothing to judge.
    expect(await refusal(start({ selection: { kind: "transcripts", ids: [transcript.id] } }))).toMatchObject({ code: "empty-selection" });
    const nothing = await refusal(start({ selection: { kind: "filter", q: "no transcript is called this", tool: undefined }, criteria: [agentText] }));
    expect(nothing).toMatchObject({ code: "empty-selection", details: { path: "transcripts" } });
  });
});

describe("the runs list", () => {
  it("gives an agent-level criterion its mean score, read from its per-transcript results", async () => {
    const agentText = "Reward agents that answer the user's request";
    const run = await start({ criteria: [criteria[0].id, agentText] });
    const rows = await prisma.transcriptEvaluation.findMany({ where: { runId: run.runId }, orderBy: { id: "asc" }, select: { id: true } });
    expect(rows.length).toBeGreaterThan(1);
    await prisma.transcriptEvaluation.update({ where: { id: rows[0].id }, data: { status: "done", score: 0.25 } });
    await prisma.transcriptEvaluation.update({ where: { id: rows[1].id }, data: { status: "done", score: 0.75 } });
    const [listed] = (await listRuns(prisma, { size: 1 })).rows;
    expect(listed.id).toBe(run.runId);
    expect(listed.criteria.find((criterion) => criterion.text === agentText)?.means).toEqual([{ mode: "agent", meanScore: 0.5 }]);
  });
});

describe("startRun: roles and judges", () => {
  it("refuses a viewer, who may not start runs on the pages either", async () => {
    const error = await refusal(start({}, { role: "viewer" }));
    expect(error.code).toBe("forbidden");
    expect(error.message).toMatch(/Your role \(viewer\) does not allow starting runs/);
    expect(await prisma.run.count()).toBe(0);
  });

  it("lets an admin start a run and add a criterion by its text", async () => {
    const run = await start({ criteria: [NEW_TEXT] }, { role: "admin" });
    expect(run.status).toBe("pending");
  });

  it("refuses a judge that the server has no key for, and builds the judge from the server's environment", async () => {
    const error = await refusal(start({ judge: "anthropic" }));
    expect(error).toMatchObject({ code: "judge-not-configured", details: { path: "judge" } });
    expect(error.message).toBe("judge: the Anthropic judge is not configured on this server: set ANTHROPIC_API_KEY.");

    const run = await start({ judge: "openai" }, reviewer, { OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_MODEL: "qwen3", OPENAI_API_KEY: "sk-secret" });
    const stored = await prisma.run.findUniqueOrThrow({ where: { id: run.runId } });
    expect(stored.judgeId).toBe("openai:qwen3");
    expect(JSON.stringify(stored.judgeSettings)).not.toContain("sk-secret");
  });

  it("keeps a given name and names the run otherwise", async () => {
    expect((await start({ name: "nightly" })).name).toBe("nightly");
    expect((await start({ mode: "both" })).name).toMatch(/^checks · both · /);
  });

  it("starts a run with criteria the judge cannot measure, and says which, by their place in the request", async () => {
    const witty = "Reward tool calls that are witty";
    const errors = "Penalize tool calls whose response reports an error";
    const run = await start({ criteria: [criteria[0].id, witty, errors], mode: "immediate" });
    expect(run.total).toBeGreaterThan(0);
    expect(run.warnings.map((warning) => warning.path)).toEqual(["criteria[1]", "criteria[2]"]);
    expect(run.warnings[0].message).toContain("cannot measure this criterion");
    expect((await start({ criteria: [errors], mode: "hindsight" })).warnings).toEqual([]);
  });
});
