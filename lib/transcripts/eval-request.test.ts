import { describe, expect, it } from "vitest";
import { imported, rejected } from "./test-fixtures/helpers";

const messages = [
  { role: "user", content: "Book a table for 2" },
  { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "book", arguments: '{"people":2}' } }] },
];

describe("evaluation request import", () => {
  it("imports the transcript and returns one criterion given as a string", () => {
    const result = imported({ messages, evaluation_criteria: "  Reward tool calls that use the right count " });
    expect(result.format).toBe("eval-request");
    expect(result.criteria).toEqual(["Reward tool calls that use the right count"]);
    expect(result.transcript.messages).toHaveLength(2);
    expect(result.extra).toEqual({});
  });

  it("returns a list of criteria trimmed, without blanks or repeats", () => {
    const result = imported({ messages, evaluation_criteria: ["A", " A ", "", "B"] });
    expect(result.criteria).toEqual(["A", "B"]);
  });

  it("hashes the same as the plain transcript: criteria are not content", () => {
    expect(imported({ messages, evaluation_criteria: ["A"] }).hash).toBe(imported({ messages }).hash);
  });

  it("rejects criteria of the wrong type", () => {
    expect(rejected({ messages, evaluation_criteria: 5 }).message).toBe(
      "evaluation_criteria: expected a string or an array, got a number (5)",
    );
    expect(rejected({ messages, evaluation_criteria: ["ok", { text: "x" }] }).message).toBe(
      "evaluation_criteria[1]: expected a string, got an object",
    );
  });
});
