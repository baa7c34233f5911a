import { describe, expect, it } from "vitest";
import { importItem } from "./import-item";
import type { ImportOutcome } from "./import-types";
import { summariseUpload, UploadReportBuilder } from "./upload-report";

const item = (text: string, extra: Record<string, unknown> = {}) => ({ messages: [{ role: "user", content: text }], ...extra });
const at = (value: unknown, index: number, file = "a.json"): ImportOutcome => importItem(value, { file, index });

describe("summariseUpload", () => {
  it("counts imported, duplicates within the upload (any key order) and rejected items", () => {
    const report = summariseUpload([
      at(item("one"), 0),
      at({ messages: [{ content: "one", role: "user" }] }, 1),
      at(item("two", { evaluation_criteria: ["Reward X"] }), 2),
      at({ nope: true }, 3),
      at(item("two"), 0, "b.json"),
    ]);
    expect(report.counts).toEqual({ items: 5, imported: 2, duplicates: 2, rejected: 1, warnings: 0 });
    expect(report.files).toEqual(["a.json", "b.json"]);
    expect(report.duplicates).toMatchObject([
      { file: "a.json", index: 1, of: "upload", first: { file: "a.json", index: 0 } },
      { file: "b.json", index: 0, of: "upload", first: { file: "a.json", index: 2 } },
    ]);
    expect(report.rejected).toMatchObject([{ file: "a.json", index: 3, code: "unknown_format" }]);
    expect(report.criteria).toEqual(["Reward X"]);
    expect(report.imported.map((i) => [i.name, i.format, i.messageCount, i.toolCallCount])).toEqual([
      ["one", "openai-chat", 1, 0],
      ["two", "eval-request", 1, 0],
    ]);
  });

  it("reports transcripts already stored, from a set or a lookup", () => {
    const first = at(item("one"), 0);
    if (!first.ok) throw new Error("unexpected");
    const fromSet = summariseUpload([first, at(item("two"), 1)], new Set([first.hash]));
    expect(fromSet.duplicates).toMatchObject([{ index: 0, of: "stored" }]);
    expect(fromSet.counts.imported).toBe(1);
    const fromLookup = summariseUpload([first], (hash) => hash === first.hash);
    expect(fromLookup.counts).toMatchObject({ imported: 0, duplicates: 1 });
  });

  it("decides item by item, for callers that store as they read", () => {
    const builder = new UploadReportBuilder();
    expect(builder.add(at(item("x"), 0))).toBe("imported");
    expect(builder.add(at(item("x"), 1))).toBe("duplicate");
    expect(builder.add(at(1, 2))).toBe("rejected");
    const warned = at({ messages: [{ role: "tool", tool_call_id: "z", content: "?" }] }, 3);
    expect(builder.add(warned)).toBe("imported");
    expect(builder.report().warningsByCode).toEqual({ orphan_response: 1 });
    expect(builder.report().counts.warnings).toBe(1);
  });
});
