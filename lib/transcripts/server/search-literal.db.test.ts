import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { transcriptListQuerySchema } from "@/lib/transcripts/schemas/transcripts";
import { dialectOf } from "@/lib/platform/db/dialect";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { escapeLike } from "@/lib/platform/db/text-search";
import { selectionWhere } from "@/lib/runs/server/selection";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { importFile } from "./import-file";
import { groupTranscripts, listTranscripts } from "./list";

/*
 * What people type into the transcripts list's search box and tag filter, and into a run's
 * selection by filter, is text, not a LIKE pattern: % _ and \ match themselves, on both
 * databases (npm run test:pg runs this file on PostgreSQL).
 */

const TRANSCRIPTS: { name: string; tags: string[] }[] = [
  { name: "50% off", tags: ["50%"] },
  { name: "500 off", tags: ["500"] },
  { name: "user_id lookup", tags: ["a_b"] },
  { name: "userXid lookup", tags: ["axb"] },
  { name: "a\\b path", tags: ["back\\slash"] },
  { name: "ab path", tags: ["backslash"] },
  { name: "it's quoted", tags: ['say "hi"'] },
  { name: "Élan", tags: ["Été"] },
  { name: "élan vital", tags: ["été"] },
  { name: "task_1", tags: [] },
  { name: "task_2", tags: [] },
  { name: "task_3", tags: [] },
  { name: "taskX4", tags: [] },
];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeAll(async () => {
  db = await createTestDatabase("search-literal");
  prisma = db.prisma;
  const line = (index: number) => JSON.stringify({ messages: [{ role: "user", content: `question ${index}` }, { role: "assistant", content: "answer" }] });
  await importFile(prisma, { fileName: "names.jsonl", source: "api", maxFileBytes: 1e6, chunks: [TRANSCRIPTS.map((_, index) => line(index)).join("\n")] });
  const rows = await prisma.transcript.findMany({ orderBy: { id: "asc" }, select: { id: true } });
  expect(rows).toHaveLength(TRANSCRIPTS.length);
  for (const [index, row] of rows.entries()) {
    const { name, tags } = TRANSCRIPTS[index];
    await prisma.transcript.update({ where: { id: row.id }, data: { name, tags: tags.length ? JSON.stringify(tags) : null } });
  }
});
afterAll(async () => db.cleanup());

const query = (params: Record<string, string>) => transcriptListQuerySchema.parse({ sort: "name", dir: "asc", size: "100", ...params });
const listed = async (params: Record<string, string>) => {
  const { rows, total } = await listTranscripts(prisma, query(params));
  expect(total).toBe(rows.length);
  return rows.map((row) => row.name);
};
const selected = async (q: string) =>
  (await prisma.transcript.findMany({ where: selectionWhere({ kind: "filter", q, tool: undefined }, sqlDialect(prisma)), orderBy: { name: "asc" }, select: { name: true } })).map(
    (row) => row.name,
  );
const sorted = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const ALL = sorted(TRANSCRIPTS.map((t) => t.name));

describe("searching transcript names", () => {
  it.each([
    ["50%", ["50% off"]],
    ["%", ["50% off"]],
    ["user_id", ["user_id lookup"]],
    ["USER_ID", ["user_id lookup"]],
    ["_", ["task_1", "task_2", "task_3", "user_id lookup"]],
    ["task_", ["task_1", "task_2", "task_3"]],
    ["\\", ["a\\b path"]],
    ["a\\b", ["a\\b path"]],
    ["\\%", []],
    ["'", ["it's quoted"]],
    ["it's", ["it's quoted"]],
    ['"', []],
    ["%%", []],
    ["lookup", ["user_id lookup", "userXid lookup"]],
    ["\u0000", []],
    ["path\u0000", []],
  ])("%j finds exactly the names holding that text, in the list and in a run's selection", async (q, expected) => {
    expect(await listed({ q })).toEqual(sorted(expected));
    expect(await selected(q)).toEqual(sorted(expected));
  });

  it("reads an empty or blank search as no search", async () => {
    expect(await listed({ q: "" })).toEqual(ALL);
    expect(await listed({ q: "   " })).toEqual(ALL);
    expect(await selected("")).toEqual(ALL);
  });

  it("counts and pages the matches, and groups only them", async () => {
    const page = async (n: number) => listTranscripts(prisma, { ...query({ q: "_" }), size: 3, page: n });
    const first = await page(1);
    const second = await page(2);
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect(first.rows.map((row) => row.name)).toEqual(["task_1", "task_2", "task_3"]);
    expect(second.rows.map((row) => row.name)).toEqual(["user_id lookup"]);
    const groups = await groupTranscripts(prisma, query({ q: "50%" }), "outcome");
    expect(groups.groups.reduce((sum, group) => sum + group.transcripts, 0)).toBe(1);
  });

  it("ignores ASCII case on both databases, and non-ASCII case exactly as the database's own ILIKE (PostgreSQL) or LIKE (SQLite) does", async () => {
    expect(await listed({ q: "ÉLAN" })).toEqual(["Élan"]);
    const dialect = dialectOf(prisma);
    // SQLite's LIKE folds ASCII letters only; PostgreSQL's ILIKE folds what the database's locale
    // folds (in the tests' C locale, ASCII only too; under a UTF-8 locale, É and é as well).
    const native = dialect === "sqlite" ? Prisma.sql`"name" LIKE ${"%élan%"}` : Prisma.sql`"name" ILIKE ${"%élan%"}`;
    const expected = (await prisma.$queryRaw<{ name: string }[]>(Prisma.sql`SELECT "name" FROM "Transcript" WHERE ${native}`)).map((row) => row.name);
    expect(expected).toContain("élan vital");
    expect(await listed({ q: "élan" })).toEqual(sorted(expected));
    expect(await selected("élan")).toEqual(sorted(expected));
    if (dialect === "sqlite") expect(expected).toEqual(["élan vital"]);
  });
});

describe("filtering transcripts by tag", () => {
  it.each([
    ["50%", ["50% off"]],
    ["a_b", ["user_id lookup"]],
    ["A_B", ["user_id lookup"]],
    ["back\\slash", ["a\\b path"]],
    ['say "hi"', ["it's quoted"]],
    ["%", []],
    ["_", []],
    ["a%", []],
    ["a_b\u0000", []],
  ])("%j matches one whole tag holding exactly that text", async (tag, expected) => {
    expect(await listed({ tag })).toEqual(sorted(expected));
  });
});

// Every shape of Prisma's LIKE, through the client and inside an interactive transaction (a run's
// creation reads its selection in one): on SQLite these get their ESCAPE from sqlite-like-escape.ts.
describe("Prisma's LIKE filters with escapeLike", () => {
  const names = async (where: Prisma.TranscriptWhereInput, client: Pick<PrismaClient, "transcript"> = prisma) =>
    (await client.transcript.findMany({ where, orderBy: { name: "asc" }, select: { name: true } })).map((row) => row.name);

  it("match the text itself in contains, startsWith, endsWith and their negation", async () => {
    expect(await names({ name: { startsWith: escapeLike("task_") } })).toEqual(["task_1", "task_2", "task_3"]);
    expect(await names({ name: { endsWith: escapeLike("% off") } })).toEqual(["50% off"]);
    expect(await names({ name: { contains: escapeLike("a\\b") } })).toEqual(["a\\b path"]);
    expect(await names({ name: { startsWith: "task", not: { contains: escapeLike("_") } } })).toEqual(["taskX4"]);
  });

  it("do so inside a transaction, and in writes", async () => {
    const where = selectionWhere({ kind: "filter", q: "task_", tool: undefined }, sqlDialect(prisma));
    expect(await prisma.$transaction(async (tx) => names(where, tx))).toEqual(["task_1", "task_2", "task_3"]);
    const updated = await prisma.$transaction(async (tx) => tx.transcript.updateMany({ where: { name: { contains: escapeLike("%") } }, data: { warningCount: 0 } }));
    expect(updated.count).toBe(1);
  });
});
