import { describe, expect, it } from "vitest";
import { codes, fixtureJson, imported, rejected } from "./test-fixtures/helpers";

describe("OpenAI chat import", () => {
  it("converts the reference format, with content parts, null content and parallel calls", () => {
    const result = imported(fixtureJson("openai-chat.json"));
    expect(result.format).toBe("openai-chat");
    expect(result.name).toBe("Weather in Paris");
    const { transcript } = result;
    expect(transcript.messages[0]).toEqual({ role: "system", content: "You are a travel assistant." });
    expect(transcript.messages[1]).toEqual({ role: "user", content: "What is the weather in Paris?\n[image]" });
    expect(transcript.messages[2]).toMatchObject({ role: "assistant", content: null });
    expect(transcript.messages[4]).toEqual({ role: "tool", tool_call_id: "call_2", content: "14:05" });
    expect(transcript.tools.map((t) => t.function.name)).toEqual(["get_weather", "get_time"]);
    expect(transcript.tool_choice).toBe("auto");
    expect(transcript.parallel_tool_calls).toBe(true);
    expect(transcript.metadata).toEqual({ agent: "demo", run: 7 });
    expect(result.sites.map((s) => [s.callId, s.responseIndex])).toEqual([
      ["call_1", 3],
      ["call_2", 4],
    ]);
    expect(codes(result)).toEqual(["non_text_content"]);
    expect(result.warnings[0].message).toBe("messages[1].content: 1 image replaced by a placeholder; only text is imported");
    expect(result.warnings[0].location).toEqual({ messageIndex: 1, path: "messages[1].content" });
  });

  it("keeps null assistant content null and turns null user content into an empty string", () => {
    const { transcript } = imported({
      messages: [
        { role: "user", content: null },
        { role: "assistant", content: null },
        { role: "assistant" },
      ],
    });
    expect(transcript.messages).toEqual([
      { role: "user", content: "" },
      { role: "assistant", content: null },
      { role: "assistant", content: null },
    ]);
  });

  it("uses a refusal as the assistant's text", () => {
    const { transcript } = imported({
      messages: [
        { role: "user", content: "Do something bad" },
        { role: "assistant", content: null, refusal: "I can't help with that." },
        { role: "assistant", content: [{ type: "refusal", refusal: "No." }] },
      ],
    });
    expect(transcript.messages[1]).toEqual({ role: "assistant", content: "I can't help with that." });
    expect(transcript.messages[2]).toEqual({ role: "assistant", content: "No." });
  });

  it("converts legacy function_call / function messages / functions", () => {
    const result = imported({
      messages: [
        { role: "user", content: "Weather in Rome?" },
        { role: "assistant", content: null, function_call: { name: "get_weather", arguments: '{"city":"Rome"}' } },
        { role: "function", name: "get_weather", content: "sunny" },
        { role: "function", name: "get_time", content: "noon" },
      ],
      functions: [{ name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
      function_call: { name: "get_weather" },
    });
    const { transcript } = result;
    expect(transcript.messages[1]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [{ id: "function_call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Rome"}' } }],
    });
    expect(transcript.messages[2]).toEqual({ role: "tool", tool_call_id: "function_call_1", name: "get_weather", content: "sunny" });
    // A function message no call asked for keeps a made-up id and is reported.
    expect(transcript.messages[3]).toMatchObject({ role: "tool", tool_call_id: "function_response_3" });
    expect(codes(result)).toEqual(["orphan_response"]);
    expect(transcript.tools).toEqual([
      { type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } },
    ]);
    expect(transcript.tool_choice).toEqual({ type: "function", function: { name: "get_weather" } });
  });

  it("keeps message names and gives tools without parameters an empty schema", () => {
    const { transcript } = imported({
      messages: [{ role: "user", name: "alice", content: "hi" }],
      tools: [{ type: "function", function: { name: "ping" } }],
    });
    expect(transcript.messages[0]).toEqual({ role: "user", name: "alice", content: "hi" });
    expect(transcript.tools[0]).toEqual({ type: "function", function: { name: "ping", parameters: { type: "object", properties: {} } } });
  });

  it("leaves out non-function tools with a warning and keeps unknown top-level keys aside", () => {
    const result = imported({
      id: "run-1",
      model: "gpt-4.1",
      messages: [{ role: "user", content: "hi" }],
      tools: [{ type: "web_search_preview" }, { type: "function", function: { name: "f" } }],
    });
    expect(result.transcript.tools.map((t) => t.function.name)).toEqual(["f"]);
    expect(result.warnings[0]).toMatchObject({ code: "unsupported_tool", location: { path: "tools[0]" } });
    expect(result.extra).toEqual({ id: "run-1", model: "gpt-4.1" });
  });

  it("rejects object arguments with the exact path and sentence", () => {
    const error = rejected({
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "u" },
        { role: "assistant", content: "a" },
        { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: { a: 1 } } }] },
      ],
    });
    expect(error).toMatchObject({
      file: "test.json",
      index: 0,
      code: "schema",
      path: "messages[3].tool_calls[0].function.arguments",
      message: "messages[3].tool_calls[0].function.arguments: expected a JSON string, got an object",
    });
  });

  it("names the roles it accepts", () => {
    expect(rejected({ messages: [{ role: "bot", content: "x" }] }).message).toBe(
      'messages[0].role: expected one of "system", "developer", "user", "assistant", "tool", "function", got a string ("bot")',
    );
  });

  it("explains a content of the wrong kind, and a bad part inside a content array", () => {
    expect(rejected({ messages: [{ role: "user", content: 42 }] }).message).toBe(
      "messages[0].content: expected a string, an array of content parts or null, got a number (42)",
    );
    expect(rejected({ messages: [{ role: "user", content: [{ type: "text", text: ["x"] }] }] }).message).toBe(
      "messages[0].content[0].text: expected a string, got an array",
    );
  });

  it("reports a missing tool_call_id and an empty conversation", () => {
    expect(rejected({ messages: [{ role: "tool", content: "x" }] }).message).toBe(
      "messages[0].tool_call_id: is missing (expected a string)",
    );
    expect(rejected({ messages: [] }).message).toBe("messages: expected at least one item, got an empty array");
  });

  it("lists every schema problem, the first as the message", () => {
    const error = rejected({ messages: [{ role: "tool", content: 1 }], tools: [{ type: "function", function: {} }] });
    expect(error.issues?.map((i) => i.path)).toEqual(["messages[0].content", "messages[0].tool_call_id", "tools[0].function.name"]);
    expect(error.message).toBe(error.issues?.[0].message);
  });
});
