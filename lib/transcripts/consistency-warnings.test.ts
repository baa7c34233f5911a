import { describe, expect, it } from "vitest";
import { imported } from "./test-fixtures/helpers";

const tools = [{ type: "function", function: { name: "f", parameters: { type: "object" } } }];
const call = (id: string, name = "f", args = "{}") => ({ id, type: "function", function: { name, arguments: args } });

function warningsOf(messages: unknown[], withTools: unknown[] = tools) {
  return imported({ messages, tools: withTools }).warnings;
}

describe("consistency warnings", () => {
  it("none for a consistent transcript", () => {
    expect(
      warningsOf([
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [call("a")] },
        { role: "tool", tool_call_id: "a", content: "done" },
      ]),
    ).toEqual([]);
  });

  it("missing_response: a call nothing answers", () => {
    expect(warningsOf([{ role: "user", content: "go" }, { role: "assistant", content: null, tool_calls: [call("a")] }])).toEqual([
      { code: "missing_response", message: "call `a` to `f` (message 1) has no tool response", location: { messageIndex: 1, callId: "a" } },
    ]);
  });

  it("orphan_response: a response that answers no call, or a call made only later", () => {
    const warnings = warningsOf([
      { role: "user", content: "go" },
      { role: "tool", tool_call_id: "b", content: "early" },
      { role: "assistant", content: null, tool_calls: [call("b")] },
      { role: "tool", tool_call_id: "zzz", content: "nobody asked" },
    ]);
    expect(warnings.map((w) => [w.code, w.location])).toEqual([
      ["missing_response", { messageIndex: 2, callId: "b" }],
      ["orphan_response", { messageIndex: 1, callId: "b" }],
      ["orphan_response", { messageIndex: 3, callId: "zzz" }],
    ]);
    expect(warnings[1].message).toBe("tool response at message 1 answers `b`, which is only called later (message 2)");
    expect(warnings[2].message).toBe("tool response at message 3 answers `zzz`, which no assistant message called");
  });

  it("duplicate_call_id: parallel calls sharing an id each keep their response, in order", () => {
    const result = imported({
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [call("a"), call("a")] },
        { role: "tool", tool_call_id: "a", content: "one" },
        { role: "tool", tool_call_id: "a", content: "two" },
      ],
      tools,
    });
    expect(result.warnings.map((w) => w.code)).toEqual(["duplicate_call_id"]);
    expect(result.warnings[0]).toMatchObject({
      message: "call id `a` is used again at message 1 (first at message 1); each response is paired with the nearest earlier unanswered call of that id",
      location: { messageIndex: 1, callId: "a" },
    });
    expect(result.sites.map((site) => site.response)).toEqual(["one", "two"]);
  });

  it("an id reused in every turn (as gpt-4o does) loses no response", () => {
    const result = imported({
      messages: [
        { role: "user", content: "look up order 1" },
        { role: "assistant", content: null, tool_calls: [call("call_1", "f", '{"id": 1}')] },
        { role: "tool", tool_call_id: "call_1", content: "order 1" },
        { role: "user", content: "and order 2" },
        { role: "assistant", content: null, tool_calls: [call("call_1", "f", '{"id": 2}')] },
        { role: "tool", tool_call_id: "call_1", content: "order 2" },
      ],
      tools,
    });
    expect(result.sites.map((site) => [site.responseIndex, site.response])).toEqual([
      [2, "order 1"],
      [5, "order 2"],
    ]);
    expect(result.warnings.map((w) => w.code)).toEqual(["duplicate_call_id"]);
  });

  it("duplicate_response: a second answer to an answered call", () => {
    const warnings = warningsOf([
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [call("a")] },
      { role: "tool", tool_call_id: "a", content: "one" },
      { role: "tool", tool_call_id: "a", content: "two" },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["duplicate_response"]);
    expect(warnings[0].message).toBe("tool response at message 3 answers `a` again (first answered at message 2); the first response is used");
  });

  it("invalid_arguments: kept raw, with where the JSON breaks", () => {
    const result = imported({
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [call("a", "f", '{"city": "Paris",}'), call("b", "f", "")] },
        { role: "tool", tool_call_id: "a", content: "x" },
        { role: "tool", tool_call_id: "b", content: "x" },
      ],
      tools,
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      "call `a` to `f` (message 1) has arguments that are not valid JSON (at character 18: a comma before `}` is not allowed (trailing comma)); they are kept as written",
      "call `b` to `f` (message 1) has arguments that are not valid JSON (they are empty); they are kept as written",
    ]);
    expect(result.transcript.messages[1]).toMatchObject({ tool_calls: [{ function: { arguments: '{"city": "Paris",}' } }, {}] });
    expect(result.sites[0].arguments.ok).toBe(false);
  });

  it("unknown_tool: a call to a tool `tools` does not declare, or with no tools at all", () => {
    const messages = [
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [call("a", "g")] },
      { role: "tool", tool_call_id: "a", content: "x" },
    ];
    expect(warningsOf(messages).map((w) => w.message)).toEqual(["call `a` to `g` (message 1) calls `g`, which `tools` does not declare"]);
    expect(warningsOf(messages, []).map((w) => w.message)).toEqual(["call `a` to `g` (message 1) calls a tool, but the transcript declares no tools"]);
  });
});
