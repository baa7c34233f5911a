import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { METADATA_FIELDS_VERSION } from "@/lib/transcripts/metadata-fields";
import { transcriptListQuerySchema } from "@/lib/transcripts/schemas/transcripts";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { selectionWhere } from "@/lib/runs/server/selection";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { importFile } from "./import-file";
import { groupTranscripts, listMetadataValues, listTranscripts } from "./list";
import { fillMetadataColumns } from "./metadata-index";

const chat = (city: string, metadata: Record<string, unknown>) => ({
  messages: [
    { role: "user", content: "Weather?" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) } }] },
    { role: "tool", tool_call_id: "c1", content: '{"temp": 20}' },
  ],
  metadata,
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("metadata");
  prisma = db.prisma;
  await importFile(prisma, {
    fileName: "runs.jsonl",
    source: "api",
    maxFileBytes: 1e6,
    chunks: [
      [
        chat("Paris", { task_id: "t1", trial: 1, model: "gpt-4o", reward: 1, tags: ["easy", "weather"], service: "weather-agent", prompt_version: "v2" }),
        chat("Rome", { task_id: "t1", trial: 2, model: "gpt-4o", reward: "0.0", tags: "weather" }),
        chat("Oslo", { taskId: "t2", model_name: "claude", success: true, attributes: { "service.name": "billing" } }),
        chat("Lima", { note: "no known fields" }),
      ]
        .map((item) => JSON.stringify(item))
        .join("\n"),
    ],
  });
});
afterEach(async () => db.cleanup());

const query = (params: Record<string, string> = {}) => transcriptListQuerySchema.parse({ sort: "name", dir: "asc", ...params });

describe("transcript metadata columns", () => {
  it("are filled at import, and the list shows them", async () => {
    const { rows } = await listTranscripts(prisma, query({ sort: "reward", dir: "desc" }));
    const fields = rows.map((r) => [r.taskId, r.trial, r.model, r.tags, r.reward, r.success]);
    expect(fields.slice(0, 2)).toEqual([
      ["t1", "1", "gpt-4o", ["easy", "weather"], 1, true],
      ["t1", "2", "gpt-4o", ["weather"], 0, false],
    ]);
    // No reward: last whichever the direction (in id order among themselves).
    expect(fields.slice(2)).toEqual(
      expect.arrayContaining([
        ["t2", null, "claude", [], null, true],
        [null, null, null, [], null, null],
      ]),
    );
  });

  it("filter the list by model, task, tag and outcome", async () => {
    const count = async (params: Record<string, string>) => (await listTranscripts(prisma, query(params))).total;
    expect(await count({ model: "gpt-4o" })).toBe(2);
    expect(await count({ task: "t2" })).toBe(1);
    expect(await count({ tag: "weather" })).toBe(2);
    expect(await count({ tag: "easy" })).toBe(1);
    // A tag matches whole: "weath" is no tag.
    expect(await count({ tag: "weath" })).toBe(0);
    expect(await count({ outcome: "success" })).toBe(2);
    expect(await count({ outcome: "failure" })).toBe(1);
    expect(await count({ outcome: "unknown" })).toBe(1);
    expect(await count({ model: "gpt-4o", outcome: "success" })).toBe(1);
  });

  it("group the list with outcome counts", async () => {
    const byModel = await groupTranscripts(prisma, query(), "model");
    expect(byModel.groups).toEqual([
      { key: "gpt-4o", transcripts: 2, successes: 1, failures: 1, successRate: 0.5, meanReward: 0.5 },
      { key: "claude", transcripts: 1, successes: 1, failures: 0, successRate: 1, meanReward: null },
      { key: null, transcripts: 1, successes: 0, failures: 0, successRate: null, meanReward: null },
    ]);
    const byTag = await groupTranscripts(prisma, query({ model: "gpt-4o" }), "tag");
    expect(byTag.groups.map((g) => [g.key, g.transcripts])).toEqual([
      ["weather", 2],
      ["easy", 1],
    ]);
    const byOutcome = await groupTranscripts(prisma, query(), "outcome");
    expect(byOutcome.groups.map((g) => [g.key, g.transcripts])).toEqual([
      ["success", 2],
      ["failure", 1],
      [null, 1],
    ]);
  });

  it("list their values for the filters", async () => {
    expect(await listMetadataValues(prisma)).toEqual({ models: ["claude", "gpt-4o"], tasks: ["t1", "t2"], tags: ["easy", "weather"], outcomes: true });
  });

  it("are filled again for rows stored before them", async () => {
    const services = () => prisma.transcript.findMany({ where: { service: { not: null } }, orderBy: { service: "asc" }, select: { service: true, promptVersion: true } });
    expect(await services()).toEqual([
      { service: "billing", promptVersion: null },
      { service: "weather-agent", promptVersion: "v2" },
    ]);
    await prisma.$executeRaw`UPDATE "Transcript" SET "model" = NULL, "taskId" = NULL, "tags" = NULL, "reward" = NULL, "success" = NULL, "service" = NULL, "promptVersion" = NULL, "metadataVersion" = 0`;
    expect(await fillMetadataColumns(prisma)).toBe(4);
    expect(await fillMetadataColumns(prisma)).toBe(0);
    expect(await services()).toHaveLength(2);
    const rows = await prisma.transcript.findMany({ orderBy: { taskId: "asc" }, select: { taskId: true, model: true, tags: true, success: true, metadataVersion: true } });
    // Sorted: rows that tie on taskId come in no set order (PostgreSQL's differs from SQLite's).
    expect(rows.filter((r) => r.taskId === "t1").map((r) => r.tags).sort()).toEqual(['["easy","weather"]', '["weather"]']);
    expect(rows.every((r) => r.metadataVersion === METADATA_FIELDS_VERSION)).toBe(true);
    expect((await listTranscripts(prisma, query({ outcome: "success" }))).total).toBe(2);
  });
});

// On both databases (npm run test:pg): Prisma's `contains` minds case on PostgreSQL unless told not to.
describe("searching transcripts by name", () => {
  beforeEach(async () => {
    const rows = await prisma.transcript.findMany({ orderBy: { id: "asc" }, select: { id: true } });
    const names = ["Weather in PARIS", "weather in rome", "Oslo forecast", "Lima"];
    for (const [index, row] of rows.entries()) await prisma.transcript.update({ where: { id: row.id }, data: { name: names[index] } });
  });

  const names = async (q: string) => (await listTranscripts(prisma, query({ q }))).rows.map((row) => row.name);

  it("ignores case in the transcripts list", async () => {
    expect(await names("WEATHER")).toEqual(["Weather in PARIS", "weather in rome"]);
    expect(await names("paris")).toEqual(["Weather in PARIS"]);
    expect(await names("In RoMe")).toEqual(["weather in rome"]);
    expect(await names("FORECAST")).toEqual(["Oslo forecast"]);
    expect((await groupTranscripts(prisma, query({ q: "WEATHER" }), "outcome")).groups.reduce((sum, g) => sum + g.transcripts, 0)).toBe(2);
  });

  it("ignores case in a tag filter, which still matches whole tags", async () => {
    expect((await listTranscripts(prisma, query({ tag: "WEATHER" }))).total).toBe(2);
    expect((await listTranscripts(prisma, query({ tag: "Easy" }))).total).toBe(1);
    expect((await listTranscripts(prisma, query({ tag: "WEATH" }))).total).toBe(0);
  });

  it("ignores case in a run's selection by filter", async () => {
    const selected = async (q: string) =>
      (await prisma.transcript.findMany({ where: selectionWhere({ kind: "filter", q, tool: undefined }, sqlDialect(prisma)), orderBy: { name: "asc" }, select: { name: true } })).map((row) => row.name);
    expect(await selected("WEATHER IN")).toEqual(["Weather in PARIS", "weather in rome"]);
    expect(await selected("oslo")).toEqual(["Oslo forecast"]);
    expect(await selected("nowhere")).toEqual([]);
  });
});
