import { describe, expect, it } from "vitest";
import { conversationBlocks, prettyJson, splitTools } from "./conversation";
import { extractToolCallSites } from "./sites";
import type { CanonicalTranscript } from "./types";

const transcript: CanonicalTranscript = {
  metadata: {},
  tools: [
    { type: "function", function: { name: "get_weather", parameters: { type: "object" } } },
    { type: "function", function: { name: "get_time", parameters: { type: "object" } } },
    { type: "function", function: { name: "unused", parameters: { type: "object" } } },
  ],
  messages: [
    { role: "user", content: "Weather and time in Oslo and Rome?" },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id: "a", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
        { id: "b", type: "function", function: { name: "get_time", arguments: "{bad" } },
      ],
    },
    { role: "tool", tool_call_id: "b", content: "12:00" },
    { role: "tool", tool_call_id: "zzz", content: "nobody asked" },
    { role: "assistant", content: "It is noon." },
  ],
};
const calls = extractToolCallSites(transcript);

describe("conversationBlocks", () => {
  const blocks = conversationBlocks(transcript.messages, calls);

  it("groups parallel calls into one block, never shows empty assistant text, and attaches responses", () => {
    expect(blocks.map((b) => b.kind)).toEqual(["message", "calls", "tool-response", "message"]);
    const group = blocks[1];
    if (group.kind !== "calls") throw new Error("expected calls");
    expect(group.content).toBeNull();
    expect(group.calls.map((c) => [c.ordinal, c.callId, c.response?.content ?? null])).toEqual([
      [1, "a", null],
      [2, "b", "12:00"],
    ]);
  });

  it("pretty-prints valid arguments and keeps invalid ones raw", () => {
    const group = blocks[1];
    if (group.kind !== "calls") throw new Error("expected calls");
    expect(group.calls[0].prettyArguments).toBe('{\n  "city": "Oslo"\n}');
    expect(group.calls[1].prettyArguments).toBeNull();
    expect(group.calls[1].rawArguments).toBe("{bad");
    expect(prettyJson("[1]")).toBe("[\n  1\n]");
  });

  it("keeps a tool message that answers no call in place", () => {
    expect(blocks[2]).toMatchObject({ kind: "tool-response", toolCallId: "zzz", index: 3 });
  });
});

describe("splitTools", () => {
  it("separates called tools from offered-but-not-called ones", () => {
    const { called, notCalled } = splitTools(transcript.tools, ["get_weather", "get_time", "not_offered"]);
    expect(called.map((t) => t.function.name)).toEqual(["get_weather", "get_time"]);
    expect(notCalled.map((t) => t.function.name)).toEqual(["unused"]);
  });
});
