import { describe, expect, it } from "vitest";
import { contentHash } from "./hash";
import { importItem } from "./import-item";
import { imported } from "./test-fixtures/helpers";

const conversation = [
  { role: "user", content: "  Please   book\n a table for two people tonight at the Italian place near the station, around 8pm if possible " },
  { role: "assistant", content: "Done." },
];

describe("importItem", () => {
  it("returns the import with its source, format, hash and sites", () => {
    const outcome = importItem({ messages: conversation }, { file: "a.jsonl", line: 3 });
    expect(outcome).toMatchObject({ ok: true, source: { file: "a.jsonl", line: 3 }, format: "openai-chat", criteria: [], sites: [] });
  });

  it("names a transcript from `name`, then metadata name / title, then the first user message, then its place", () => {
    expect(imported({ name: " Run 1 ", metadata: { name: "m" }, messages: conversation }).name).toBe("Run 1");
    expect(imported({ metadata: { name: "From metadata" }, messages: conversation }).name).toBe("From metadata");
    expect(imported({ metadata: { title: "A title" }, messages: conversation }).name).toBe("A title");
    const derived = imported({ messages: conversation }).name;
    expect(derived).toBe("Please book a table for two people tonight at the Italian place near the…");
    expect(derived.length).toBeLessThanOrEqual(80);
    const outcome = importItem({ messages: [{ role: "assistant", content: "hi" }] }, { file: "runs.json", index: 4 });
    expect(outcome.ok && outcome.name).toBe("runs.json #5");
    const lined = importItem({ messages: [{ role: "system", content: "s" }] }, { file: "runs.jsonl", line: 9, ordinal: 7 });
    expect(lined.ok && lined.name).toBe("runs.jsonl #7");
  });

  it("hashes content only: key order, name and the file do not matter", () => {
    const a = imported({ name: "A", messages: conversation, tools: [], metadata: { x: 1, y: [1, 2] } }, "one.json");
    const b = imported(
      { metadata: { y: [1, 2], x: 1 }, tools: [], messages: conversation.map((m) => ({ content: m.content, role: m.role })) },
      "two.json",
    );
    expect(a.hash).toBe(b.hash);
    expect(a.hash).toBe(contentHash({ ...a.transcript, name: undefined }));
    expect(imported({ messages: conversation, metadata: { x: 2, y: [1, 2] } }).hash).not.toBe(a.hash);
  });

  it("gives the same transcript and hash for one conversation written in each format", () => {
    const tools = { chat: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }] };
    const chat = imported({
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "f", arguments: '{"x":1}' } }] },
        { role: "tool", tool_call_id: "a", content: "ok" },
      ],
      tools: tools.chat,
    });
    const anthropic = imported({
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: [{ type: "tool_use", id: "a", name: "f", input: { x: 1 } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "ok" }] },
      ],
      tools: [{ name: "f", input_schema: { type: "object" } }],
    });
    const responses = imported({
      input: [
        { role: "user", content: "go" },
        { type: "function_call", call_id: "a", name: "f", arguments: '{"x":1}' },
        { type: "function_call_output", call_id: "a", output: "ok" },
      ],
      tools: [{ type: "function", name: "f", parameters: { type: "object" } }],
    });
    expect(anthropic.format).toBe("anthropic");
    expect(anthropic.transcript).toEqual(chat.transcript);
    expect(responses.transcript).toEqual(chat.transcript);
    expect(new Set([chat.hash, anthropic.hash, responses.hash]).size).toBe(1);
  });

  it("rejects values nested deeper than the limit before validating them", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = { deep };
    const outcome = importItem({ messages: conversation, metadata: deep }, { file: "d.json", index: 2 });
    expect(outcome).toEqual({
      ok: false,
      error: { file: "d.json", index: 2, code: "too_deep", path: "", message: "nested deeper than the limit of 64 levels" },
    });
    expect(importItem({ messages: conversation, metadata: deep }, { file: "d.json", limits: { maxDepth: 200 } }).ok).toBe(true);
  });

  it("never throws on odd values", () => {
    for (const value of [null, undefined, 1, "x", [], [1], { messages: null }, { input: null }, { messages: [null] }]) {
      expect(importItem(value, { file: "x" }).ok).toBe(false);
    }
  });
});
