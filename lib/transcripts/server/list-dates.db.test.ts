import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { transcriptListQuerySchema } from "@/lib/transcripts/schemas/transcripts";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { importFile } from "./import-file";
import { groupTranscripts, listTranscripts } from "./list";

const chat = (city: string) => ({
  messages: [
    { role: "user", content: `Weather in ${city}?` },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) } }] },
    { role: "tool", tool_call_id: "c1", content: '{"temp": 20}' },
  ],
  metadata: { model: "gpt-4o" },
});

// When each transcript was added: the last millisecond of 28 February belongs to that day.
const ADDED: Record<string, string> = { Paris: "2026-01-15T12:00:00.000Z", Rome: "2026-02-28T23:59:59.999Z", Oslo: "2026-03-01T00:00:00.000Z" };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeAll(async () => {
  db = await createTestDatabase("list-dates");
  prisma = db.prisma;
  await importFile(prisma, { fileName: "cities.jsonl", source: "api", maxFileBytes: 1e6, chunks: [Object.keys(ADDED).map((city) => JSON.stringify(chat(city))).join("\n")] });
  for (const transcript of await prisma.transcript.findMany({ select: { id: true, messages: true } })) {
    const city = Object.keys(ADDED).find((name) => JSON.stringify(transcript.messages).includes(name)) ?? "";
    await prisma.transcript.update({ where: { id: transcript.id }, data: { createdAt: new Date(ADDED[city]) } });
  }
});
afterAll(() => db.cleanup());

const query = (params: Record<string, string>) => transcriptListQuerySchema.parse({ sort: "createdAt", dir: "asc", ...params });
const cities = async (params: Record<string, string>) => (await listTranscripts(prisma, query(params))).rows.map((row) => Object.keys(ADDED).find((city) => ADDED[city] === row.createdAt));

describe("the transcripts list's date filters", () => {
  it("keep whole UTC days, both ends included", async () => {
    expect(await cities({ from: "2026-02-28", to: "2026-02-28" })).toEqual(["Rome"]);
    expect(await cities({ from: "2026-01-16" })).toEqual(["Rome", "Oslo"]);
    expect(await cities({ to: "2026-02-28" })).toEqual(["Paris", "Rome"]);
    expect(await cities({ from: "2024-02-29", to: "2026-03-01" })).toEqual(["Paris", "Rome", "Oslo"]);
  });

  it("take the first and last days a date box can hold", async () => {
    expect(await cities({ from: "0001-01-01", to: "9999-12-31" })).toEqual(["Paris", "Rome", "Oslo"]);
    expect(await cities({ from: "9999-12-31" })).toEqual([]);
    expect(await cities({ to: "0001-01-01" })).toEqual([]);
  });

  // Issue 31: an impossible date reached Prisma and the page answered 500.
  const IMPOSSIBLE = [
    "2026-13-01",
    "2026-02-30",
    "2026-02-29",
    "2026-04-31",
    "2026-00-10",
    "2026-01-00",
    "9999-99-99",
    "0000-00-00",
    "0000-01-01",
    "+275760-09-13",
    "275760-09-13",
    "99999-01-01",
    "-000001-01-01",
    "2026-1-5",
    "2026/01/15",
    "2026-01-15T00:00:00Z",
    " 2026-01-15",
    "１９９９-01-01",
    "yesterday",
    "",
  ];

  it.each(IMPOSSIBLE)("ignore %j as a start, as they do any bad parameter", async (from) => {
    expect(query({ from }).from).toBeUndefined();
    expect(await cities({ from })).toEqual(["Paris", "Rome", "Oslo"]);
    expect(await cities({ from, to: "2026-02-28" })).toEqual(["Paris", "Rome"]);
  });

  it.each(IMPOSSIBLE)("ignore %j as an end", async (to) => {
    expect(query({ to }).to).toBeUndefined();
    expect(await cities({ to })).toEqual(["Paris", "Rome", "Oslo"]);
    expect(await cities({ from: "2026-02-28", to })).toEqual(["Rome", "Oslo"]);
  });

  it("ignore a bad date in the grouped view too", async () => {
    const { groups } = await groupTranscripts(prisma, query({ from: "2026-13-01", to: "9999-99-99" }), "model");
    expect(groups.map((group) => [group.key, group.transcripts])).toEqual([["gpt-4o", 3]]);
  });
});
