import { describe, expect, it } from "vitest";
import { codes, fixtureJson, imported, rejected } from "./test-fixtures/helpers";

describe("Anthropic Messages import", () => {
  it("converts system blocks, tool_use, tool_result blocks with is_error, and skips thinking", () => {
    const result = imported(fixtureJson("anthropic.json"));
    expect(result.format).toBe("anthropic");
    expect(result.transcript.messages).toEqual([
      { role: "system", content: "You manage files." },
      { role: "user", content: "Show me config.yaml and notes.txt" },
      {
        role: "assistant",
        content: "Reading both files.",
        tool_calls: [
          { id: "toolu_1", type: "function", function: { name: "read_file", arguments: '{"path":"config.yaml"}' } },
          { id: "toolu_2", type: "function", function: { name: "read_file", arguments: '{"path":"notes.txt"}' } },
        ],
      },
      { role: "tool", tool_call_id: "toolu_1", content: "port: 8080" },
      { role: "tool", tool_call_id: "toolu_2", content: "Error: No such file" },
      { role: "user", content: "Thanks, what about the port?" },
      { role: "assistant", content: "The port is 8080; notes.txt does not exist." },
    ]);
    expect(result.transcript.tools).toEqual([
      {
        type: "function",
        function: {
          name: "read_file",
          description: "Read a file",
          parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        },
      },
    ]);
    expect(codes(result)).toEqual(["unsupported_tool"]);
    expect(result.extra).toEqual({ model: "claude-sonnet-4-5", max_tokens: 1024 });
    expect(result.sites.map((s) => s.responseIndex)).toEqual([3, 4]);
  });

  it("keeps an error text that already says so, and marks an empty error result", () => {
    const { transcript } = imported({
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: [{ type: "tool_use", id: "a", name: "f", input: {} }, { type: "tool_use", id: "b", name: "f", input: {} }] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "a", content: "error: timeout", is_error: true },
            { type: "tool_result", tool_use_id: "b", is_error: true },
          ],
        },
      ],
    });
    expect(transcript.messages.slice(2).map((m) => m.content)).toEqual(["error: timeout", "Error"]);
  });

  it("accepts a string system prompt, string contents, images and tool_choice", () => {
    const result = imported({
      system: "Be brief.",
      tool_choice: { type: "tool", name: "f", disable_parallel_tool_use: true },
      tools: [{ name: "f", input_schema: { type: "object" } }],
      messages: [
        { role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }, { type: "text", text: "What is this?" }] },
        { role: "assistant", content: "A cat." },
      ],
    });
    expect(result.transcript.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "[image]\nWhat is this?" },
      { role: "assistant", content: "A cat." },
    ]);
    expect(result.transcript.tool_choice).toEqual({ type: "function", function: { name: "f" } });
    expect(result.transcript.parallel_tool_calls).toBe(false);
    expect(codes(result)).toEqual(["non_text_content"]);
  });

  it("reports block types it does not import", () => {
    const result = imported({
      system: "s",
      messages: [
        { role: "user", content: "search" },
        { role: "assistant", content: [{ type: "server_tool_use", id: "s1", name: "web_search", input: { query: "x" } }] },
      ],
    });
    expect(result.warnings[0]).toMatchObject({
      code: "unsupported_item",
      message: "messages[1].content[0]: a `server_tool_use` block is not imported",
    });
  });

  it("rejects a non-object input with the path in the original blocks", () => {
    const error = rejected({
      system: "s",
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: [{ type: "text", text: "ok" }, { type: "tool_use", id: "t", name: "f", input: "{}" }] },
      ],
    });
    expect(error.path).toBe("messages[1].content[1].input");
    expect(error.message).toBe('messages[1].content[1].input: expected an object of arguments, got a string ("{}")');
  });

  it("reports a tool_result without its id, and a client tool without input_schema", () => {
    expect(
      rejected({ system: "s", messages: [{ role: "user", content: [{ type: "tool_result", content: "x" }] }] }).message,
    ).toBe("messages[0].content[0].tool_use_id: is missing (expected a string)");
    expect(rejected({ system: "s", messages: [{ role: "user", content: "x" }], tools: [{ name: "f" }] }).message).toBe(
      "tools[0].input_schema: is missing (expected an object)",
    );
  });

  it("reports a wrong is_error type inside tool_result", () => {
    const error = rejected({
      system: "s",
      messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "x", is_error: "yes" }] }],
    });
    expect(error.message).toBe('messages[0].content[0].is_error: expected a boolean, got a string ("yes")');
  });
});
