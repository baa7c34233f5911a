import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { duplicateCall } from "./duplicate-call";

const weather = tool("get_weather", { city: { type: "string" } });

describe("duplicate-call", () => {
  it("flags a parallel call repeating an earlier one, whatever the key order and spacing", () => {
    const calls = [toolCall("1", "get_weather", '{"city": "Paris", "unit": "c"}'), toolCall("2", "get_weather", '{"unit":"c","city":"Paris"}')];
    const [hit] = hitsOf(duplicateCall, immediate({ user: "Weather in Paris", tools: [weather], calls, judged: 1 }));
    expect(hit).toMatchObject({ severity: "major", message: expect.stringContaining("in the same message"), evidence: expect.stringContaining("earlier call 1") });
  });

  it("flags a repeat of a call made earlier in the same turn", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Weather in Paris" },
      { role: "assistant", content: null, tool_calls: [toolCall("1", "get_weather", { city: "Paris" })] },
      { role: "tool", tool_call_id: "1", content: '{"temp": 20}' },
    ];
    expect(hitsOf(duplicateCall, immediate({ context, tools: [weather], calls: [toolCall("2", "get_weather", { city: "Paris" })] }))).toHaveLength(1);
  });

  it("only doubts a repeat of a tool whose results vary by design", () => {
    const dice = tool("roll_dice", { sides: { type: "integer" } }, [], "Roll a die.");
    const calls = [toolCall("1", "roll_dice", { sides: 6 }), toolCall("2", "roll_dice", { sides: 6 })];
    expect(hitsOf(duplicateCall, immediate({ user: "Roll two dice", tools: [dice], calls, judged: 1 }))[0].severity).toBe("minor");
  });

  it("flags the same read after a new user message (nothing changed: the answer is in the transcript), never different arguments", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Weather in Paris" },
      { role: "assistant", content: null, tool_calls: [toolCall("1", "get_weather", { city: "Paris" })] },
      { role: "tool", tool_call_id: "1", content: '{"temp": 20}' },
      { role: "user", content: "And in Celsius?" },
    ];
    expect(hitsOf(duplicateCall, immediate({ context, tools: [weather], calls: [toolCall("2", "get_weather", { city: "Paris" })] }))).toHaveLength(1);
    const calls = [toolCall("1", "get_weather", { city: "Paris" }), toolCall("2", "get_weather", { city: "Rome" })];
    expect(hitsOf(duplicateCall, immediate({ user: "Paris and Rome", tools: [weather], calls, judged: 1 }))).toEqual([]);
  });

  it("a read the tool rejected or never answered was not answered: reading again is no repeat", () => {
    const context = (content: string): CanonicalMessage[] => [
      { role: "user", content: "Weather in Paris" },
      { role: "assistant", content: null, tool_calls: [toolCall("1", "get_weather", { city: "Paris" })] },
      { role: "tool", tool_call_id: "1", content },
    ];
    expect(hitsOf(duplicateCall, immediate({ context: context('{"error": "Service unavailable, try again"}'), tools: [weather], calls: [toolCall("2", "get_weather", { city: "Paris" })] }))).toEqual([]);
    expect(hitsOf(duplicateCall, immediate({ context: context("Error: city not found"), tools: [weather], calls: [toolCall("2", "get_weather", { city: "Paris" })] }))).toEqual([]);
  });

  it("a change the same turn made again is a repeat; in a later turn the user may have asked for it", () => {
    const book = tool("book_table", { restaurant: { type: "string" } }, [], "Book a table.");
    const context = (...turns: string[]): CanonicalMessage[] =>
      turns.flatMap((user, index): CanonicalMessage[] => [
        { role: "user", content: user },
        { role: "assistant", content: null, tool_calls: [toolCall(`b${index}`, "book_table", { restaurant: "Chez Ami" })] },
        { role: "tool", tool_call_id: `b${index}`, content: '{"booked": true}' },
      ]);
    const again = [toolCall("x", "book_table", { restaurant: "Chez Ami" })];
    expect(hitsOf(duplicateCall, immediate({ context: context("Book Chez Ami"), tools: [book], calls: again }))).toHaveLength(1);
    expect(hitsOf(duplicateCall, immediate({ context: [...context("Book Chez Ami"), { role: "user", content: "Book it once more for my parents" }], tools: [book], calls: again }))).toEqual([]);
  });
});

describe("duplicate-call in later steps", () => {
  const read = tool("get_details", { id: { type: "string" } }, [], "Get the details of a line.");
  const write = tool("suspend_line", { id: { type: "string" } }, [], "Suspend a line.");
  const earlier = (...steps: [string, string][]): CanonicalMessage[] => [
    { role: "user", content: "My line L1 has no data." },
    ...steps.flatMap(([id, name], index): CanonicalMessage[] => [
      { role: "assistant", content: null, tool_calls: [toolCall(id, name, { id: "L1" })] },
      { role: "tool", tool_call_id: id, content: `{"step": ${index}}` },
    ]),
  ];

  it("a repeated read wastes a step: a repeated lookup, not a wrong call", () => {
    const [hit] = hitsOf(duplicateCall, immediate({ context: earlier(["a", "get_details"]), tools: [read, write], calls: [toolCall("b", "get_details", { id: "L1" })] }));
    expect(hit.topics).toEqual(["redundancy", "repeated-read"]);
  });

  it("reading again after a change of state is not a repeat", () => {
    expect(hitsOf(duplicateCall, immediate({ context: earlier(["a", "get_details"], ["b", "suspend_line"]), tools: [read, write], calls: [toolCall("c", "get_details", { id: "L1" })] }))).toEqual([]);
  });

  it("a repeated change of state is a wrong call", () => {
    const [hit] = hitsOf(duplicateCall, immediate({ context: earlier(["a", "suspend_line"]), tools: [read, write], calls: [toolCall("b", "suspend_line", { id: "L1" })] }));
    expect(hit.topics).toEqual(["redundancy", "tool-selection"]);
  });
});
