import { describe, expect, it } from "vitest";
import { codes, fixtureJson, imported, rejected } from "./test-fixtures/helpers";

describe("OpenAI Responses import", () => {
  it("converts input and appended output items, flat tools, and joins calls to the assistant text", () => {
    const result = imported(fixtureJson("openai-responses.json"));
    expect(result.format).toBe("openai-responses");
    expect(result.transcript.messages).toEqual([
      { role: "system", content: "You are a shopping assistant." },
      { role: "user", content: "Find a red scarf under 30 EUR and add it to my cart." },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "search_products", arguments: '{"query":"red scarf","max_price":30}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_a", content: '[{"sku":"S-1","price":25}]' },
      {
        role: "assistant",
        content: "Found one for 25 EUR, adding it.",
        tool_calls: [{ id: "call_b", type: "function", function: { name: "add_to_cart", arguments: '{"sku":"S-1"}' } }],
      },
      { role: "tool", tool_call_id: "call_b", content: "ok" },
    ]);
    expect(result.transcript.tools.map((t) => t.function)).toEqual([
      {
        name: "search_products",
        description: "Search the catalogue",
        parameters: { type: "object", properties: { query: { type: "string" }, max_price: { type: "number" } }, required: ["query"] },
      },
      { name: "add_to_cart", parameters: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] } },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("groups consecutive function calls into one assistant message (parallel calls)", () => {
    const { transcript, sites } = imported({
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "Weather in Oslo and Rome" }] },
        { type: "function_call", call_id: "a", name: "w", arguments: '{"city":"Oslo"}' },
        { type: "function_call", call_id: "b", name: "w", arguments: '{"city":"Rome"}' },
        { type: "function_call_output", call_id: "a", output: "cold" },
        { type: "function_call_output", call_id: "b", output: [{ type: "input_text", text: "warm" }] },
      ],
      tools: [{ type: "function", name: "w" }],
      tool_choice: { type: "function", name: "w" },
      parallel_tool_calls: true,
    });
    expect(transcript.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool"]);
    expect(sites.map((s) => [s.callId, s.position, s.response])).toEqual([
      ["a", 0, "cold"],
      ["b", 1, "warm"],
    ]);
    expect(transcript.tool_choice).toEqual({ type: "function", function: { name: "w" } });
    expect(transcript.parallel_tool_calls).toBe(true);
  });

  it("accepts a string input, developer messages and reports unsupported items and tools", () => {
    const string = imported({ input: "hello" });
    expect(string.transcript.messages).toEqual([{ role: "user", content: "hello" }]);

    const result = imported({
      input: [
        { role: "developer", content: "Be nice" },
        { role: "user", content: [{ type: "input_text", text: "Look" }, { type: "input_image", image_url: "data:..." }] },
        { type: "web_search_call", id: "ws_1", status: "completed" },
      ],
      tools: [{ type: "web_search_preview" }],
    });
    expect(result.transcript.messages).toEqual([
      { role: "system", content: "Be nice" },
      { role: "user", content: "Look\n[image]" },
    ]);
    expect(codes(result)).toEqual(["non_text_content", "unsupported_item", "unsupported_tool"]);
  });

  it("rejects wrong shapes with paths in input and output", () => {
    expect(rejected({ input: [{ type: "function_call", call_id: "a", name: "f", arguments: { x: 1 } }] }).message).toBe(
      "input[0].arguments: expected a JSON string, got an object",
    );
    expect(rejected({ input: "hi", output: [{ type: "function_call_output", output: "x" }] }).message).toBe(
      "output[0].call_id: is missing (expected a string)",
    );
    expect(rejected({ input: [{ role: "bot", content: "x" }] }).message).toBe(
      'input[0].role: expected one of "user", "assistant", "system", "developer", got a string ("bot")',
    );
    expect(rejected({ input: [{ content: "x" }] }).message).toBe(
      'input[0]: expected `role` ("user", "assistant", "system", "developer") or `type` ("function_call", "function_call_output", "reasoning"), got an object with neither',
    );
    expect(rejected({ input: 3 }).message).toBe("input: expected a string or an array of items, got a number (3)");
  });
});
