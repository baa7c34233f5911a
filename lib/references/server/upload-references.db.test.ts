import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { importFile } from "@/lib/transcripts/server/import-file";
import { uploadReferences } from "./upload-references";

const trial = (task: string, trialNumber: number) => ({
  messages: [
    { role: "user", content: `Task ${task}, trial ${trialNumber}: weather in Paris?` },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } }] },
  ],
  tools: [],
  metadata: { task_id: task, trial: trialNumber },
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("references");
  prisma = db.prisma;
  const lines = [trial("t1", 1), trial("t1", 2), trial("t2", 1)].map((item) => JSON.stringify(item)).join("\n");
  await importFile(prisma, { fileName: "trials.jsonl", source: "api", maxFileBytes: 1e6, chunks: [lines] });
});
afterEach(async () => db.cleanup());

const reference = (city: string) => `{"steps": [{"calls": [{"name": "get_weather", "args": {"city": "${city}", "days": 2.0}}]}]}`;

describe("uploadReferences", () => {
  it("attaches a task's reference to every trial of it, by name or id too, and reports lines that name nothing or are bad", async () => {
    const t2 = await prisma.transcript.findFirstOrThrow({ where: { taskId: "t2" } });
    const text = [
      `{"task_id": "t1", "reference": ${reference("Paris")}}`,
      `{"transcript_id": "${t2.id}", "reference": ${reference("Rome")}}`,
      `{"task_id": "t9", "reference": ${reference("Oslo")}}`,
      `{"task_id": "t2", "reference": {"steps": [{"calls": []}]}}`,
    ].join("\n");
    const report = await uploadReferences(prisma, "refs.jsonl", text);
    expect(report.attached).toEqual([
      { line: 1, target: { kind: "task_id", value: "t1" }, transcripts: 2 },
      { line: 2, target: { kind: "transcript_id", value: t2.id }, transcripts: 1 },
    ]);
    expect(report.unmatched).toEqual([{ line: 3, target: { kind: "task_id", value: "t9" } }]);
    expect(report.rejected).toEqual([expect.objectContaining({ file: "refs.jsonl", line: 4, path: "reference.steps[0].calls" })]);
    const stored = await prisma.transcript.findMany({ select: { taskId: true, reference: true }, orderBy: { taskId: "asc" } });
    expect(stored.map((row) => [row.taskId, row.reference?.includes('"Paris","days":2.0')])).toEqual([
      ["t1", true],
      ["t1", true],
      ["t2", false],
    ]);
    // A later file replaces what a transcript carried.
    await uploadReferences(prisma, "again.jsonl", `{"name": "${(await prisma.transcript.findFirstOrThrow({ where: { taskId: "t2" } })).name}", "reference": ${reference("Lima")}}`);
    expect((await prisma.transcript.findFirstOrThrow({ where: { taskId: "t2" } })).reference).toContain("Lima");
  });
});
