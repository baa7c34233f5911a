import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format";
import { rejected } from "./test-fixtures/helpers";

const EXPECTED = "expected `messages` (OpenAI chat / Anthropic) or `input` (OpenAI Responses)";

describe("detectFormat", () => {
  it("recognises each format from its tell-tale keys", () => {
    expect(detectFormat({ messages: [] })).toMatchObject({ ok: true, format: "openai-chat" });
    expect(detectFormat({ messages: [], evaluation_criteria: "x" })).toMatchObject({ ok: true, format: "eval-request" });
    expect(detectFormat({ system: "s", messages: [] })).toMatchObject({ ok: true, format: "anthropic" });
    expect(detectFormat({ input: [] })).toMatchObject({ ok: true, format: "openai-responses" });
  });

  it("tells Anthropic from OpenAI chat by blocks and tools when there is no top-level system", () => {
    const anthropic = {
      messages: [{ role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: {} }] }],
      tools: [{ name: "f", input_schema: {} }],
    };
    expect(detectFormat(anthropic)).toMatchObject({ base: "anthropic" });
    const openai = {
      messages: [{ role: "system", content: "s" }, { role: "user", content: [{ type: "text", text: "x" }] }],
      tools: [{ type: "function", function: { name: "f" } }],
    };
    expect(detectFormat(openai)).toMatchObject({ base: "openai-chat" });
    // A plain exchange is valid as both and converts the same: the reference format wins.
    expect(detectFormat({ messages: [{ role: "user", content: "hi" }] })).toMatchObject({ base: "openai-chat" });
  });

  it("explains itself when nothing matches", () => {
    expect(rejected({ id: 1, prompt: "x" })).toMatchObject({
      code: "unknown_format",
      path: "",
      message: `not a recognised transcript: ${EXPECTED}; found keys \`id\`, \`prompt\``,
    });
    expect(rejected({}).message).toBe(`not a recognised transcript: ${EXPECTED}; found an empty object`);
    expect(rejected("hello").message).toBe("not a recognised transcript: expected an object, got a string");
  });

  it("hints at the fix for a bare message or a bare list of messages", () => {
    expect(rejected({ role: "user", content: "hi" }).message).toBe(
      `not a recognised transcript: this looks like a single message (it has \`role\` and \`content\`); ${EXPECTED}, e.g. {"messages": [...]}`,
    );
    expect(rejected([{ role: "user", content: "hi" }]).message).toBe(
      `not a recognised transcript: got an array of messages; ${EXPECTED}, e.g. {"messages": [...]}`,
    );
  });
});
