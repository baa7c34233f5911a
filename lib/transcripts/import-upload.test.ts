import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures/helpers";
import { importFile, importUpload } from "./import-upload";
import type { ImportSuccess } from "./import-types";

async function* slowly(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

describe("importUpload", () => {
  it("imports several files, keeps valid items beside invalid ones, and reports everything", async () => {
    const received: ImportSuccess[] = [];
    const progress: number[] = [];
    const report = await importUpload(
      [
        { name: "mixed.jsonl", chunks: slowly(fixture("mixed.jsonl"), 37) },
        { name: "chat.json", chunks: [fixture("openai-chat.json")] },
        { name: "again.json", chunks: [`[${fixture("openai-chat.json")}, ${fixture("anthropic.json")}]`] },
        { name: "responses.json", chunks: [fixture("openai-responses.json")] },
      ],
      { onTranscript: (t) => void received.push(t), onProgress: (p) => progress.push(p.bytesRead) },
    );
    expect(report.files).toEqual(["mixed.jsonl", "chat.json", "again.json", "responses.json"]);
    expect(report.counts).toMatchObject({ items: 10, imported: 6, duplicates: 2, rejected: 2 });
    expect(report.rejected).toMatchObject([
      {
        file: "mixed.jsonl",
        line: 2,
        path: "messages[1].tool_calls[0].function.arguments",
        message: "messages[1].tool_calls[0].function.arguments: expected a JSON string, got an object",
      },
      { file: "mixed.jsonl", line: 3, code: "syntax" },
    ]);
    // Line 7 is line 1 with its keys in another order and criteria given as a string.
    expect(report.duplicates).toMatchObject([
      { file: "mixed.jsonl", line: 7, of: "upload", first: { file: "mixed.jsonl", line: 1 } },
      { file: "again.json", index: 0, of: "upload", first: { file: "chat.json" } },
    ]);
    expect(report.criteria).toEqual([
      "Reward tool calls that use the number of people the user gave",
      "Tool call passes if it books for the right number of people",
    ]);
    expect(received.map((t) => t.format)).toEqual(["eval-request", "anthropic", "openai-responses", "openai-chat", "anthropic", "openai-responses"]);
    expect(report.imported.map((t) => t.name)).toContain("Weather in Paris");
    expect(progress.length).toBe(10);
  });

  it("yields each outcome with the bytes read so far", async () => {
    const outcomes = [];
    for await (const o of importFile(['{"messages":[{"role":"user","content":"a"}]}\n', "not json\n"], "x.jsonl")) outcomes.push(o);
    expect(outcomes.map((o) => [o.outcome.ok, o.bytesRead])).toEqual([
      [true, 45],
      [false, 54],
    ]);
  });
});
