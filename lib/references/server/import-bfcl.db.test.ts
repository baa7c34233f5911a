import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { importBfcl } from "./import-bfcl";

const FIXTURES = path.join(import.meta.dirname, "..", "convert", "test-fixtures", "bfcl");
const file = (name: string) => ({ name, text: readFileSync(path.join(FIXTURES, name), "utf8") });

describe("importBfcl", () => {
  it("stores each converted question with its reference and task id, on its question's line, and reports what it left out", async () => {
    const db = await createTestDatabase("import-bfcl");
    const { prisma } = db;
    try {
      const results = { name: "results.jsonl", text: ['{"id": "simple_python_1", "result": [{"math_factorial": "{\\"number\\": 5}"}]}', '{"id": "parallel_0", "result": "[spotify.play(artist=\'Taylor Swift\', duration=20.0)]"}'].join("\n") };
      const report = await importBfcl(prisma, { questions: file("questions.jsonl"), answers: file("answers.jsonl"), results }, { source: "browser", maxFileBytes: 1e6 });
      expect(report.file).toBe("questions.jsonl");
      expect(report.imported.map((item) => [item.name, item.line])).toEqual([
        ["simple_python_1", 2],
        ["parallel_0", 4],
      ]);
      expect(report.conversion.transcripts).toBe(2);
      expect(report.conversion.problems).toHaveLength(6);
      const stored = await prisma.transcript.findMany({ select: { name: true, taskId: true, reference: true }, orderBy: { name: "asc" } });
      expect(stored.map((row) => [row.name, row.taskId])).toEqual([
        ["parallel_0", "parallel_0"],
        ["simple_python_1", "simple_python_1"],
      ]);
      expect(stored[0].reference).toContain('"order":"any"');
      expect(stored[1].reference).toContain('"preset":"bfcl"');
      expect(await prisma.upload.findFirstOrThrow()).toMatchObject({ source: "browser", importedCount: 2 });
    } finally {
      await db.cleanup();
    }
  });
});
