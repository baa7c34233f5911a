import { z } from "zod";
import { describe, expect, it } from "vitest";
import { formatPath } from "./json-path";
import { describeValue, formatZodIssues } from "./zod-errors";
import { otherType } from "./formats/schema-helpers";

function firstMessage(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return formatZodIssues(result.error.issues, value)[0].message;
}

describe("describeValue", () => {
  it("names what was found", () => {
    expect(describeValue({})).toBe("an object");
    expect(describeValue([1])).toBe("an array");
    expect(describeValue([])).toBe("an empty array");
    expect(describeValue(3)).toBe("a number (3)");
    expect(describeValue(null)).toBe("null");
    expect(describeValue(true)).toBe("a boolean (true)");
    expect(describeValue("")).toBe("an empty string");
    expect(describeValue("x".repeat(60))).toBe(`a string ("${"x".repeat(39)}…")`);
  });
});

describe("formatPath", () => {
  it("writes indexes in brackets and quotes keys that are not identifiers", () => {
    expect(formatPath(["messages", 3, "tool_calls", 0, "function"])).toBe("messages[3].tool_calls[0].function");
    expect(formatPath(["metadata", "a b", "c"])).toBe('metadata["a b"].c');
    expect(formatPath([])).toBe("");
  });
});

describe("formatZodIssues", () => {
  it("says what was expected and what was found, or that a key is missing", () => {
    const schema = z.object({ a: z.object({ b: z.number() }) });
    expect(firstMessage(schema, { a: { b: "1" } })).toBe('a.b: expected a number, got a string ("1")');
    expect(firstMessage(schema, { a: {} })).toBe("a.b: is missing (expected a number)");
    expect(firstMessage(schema, [])).toBe("Expected an object, got an empty array");
  });

  it("uses a schema's own expectation phrase", () => {
    expect(firstMessage(z.object({ args: z.string({ error: "expected a JSON string" }) }), { args: null })).toBe(
      "args: expected a JSON string, got null",
    );
  });

  it("lists literal and enum options", () => {
    expect(firstMessage(z.object({ t: z.literal("function") }), { t: "tool" })).toBe('t: expected "function", got a string ("tool")');
    expect(firstMessage(z.object({ t: z.enum(["a", "b"]) }), { t: 1 })).toBe('t: expected "a" or "b", got a number (1)');
  });

  it("for a union, combines the expected types when the value fits none", () => {
    const schema = z.object({ c: z.union([z.string(), z.array(z.string()), z.null()]) });
    expect(firstMessage(schema, { c: 1 })).toBe("c: expected a string, an array or null, got a number (1)");
  });

  it("for a union, reports the branch that got furthest", () => {
    const schema = z.object({ c: z.union([z.string(), z.array(z.object({ text: z.string() }))]) });
    expect(firstMessage(schema, { c: [{ text: "ok" }, { text: 5 }] })).toBe("c[1].text: expected a string, got a number (5)");
  });

  it("for a tagged union, reports the branch whose tag matches, and ignores the catch-all branch", () => {
    const block = z.union([
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("text"), text: z.string() }),
        z.object({ type: z.literal("tool_use"), input: z.looseObject({}) }),
      ]),
      otherType(["text", "tool_use"], "block"),
    ]);
    const schema = z.array(block);
    expect(firstMessage(schema, [{ type: "tool_use", input: [] }])).toBe("[0].input: expected an object, got an empty array");
    expect(schema.safeParse([{ type: "image" }]).success).toBe(true);
    expect(firstMessage(schema, [{ text: "x" }])).toBe('[0].type: is missing (expected "text" or "tool_use")');
  });

  it("explains sizes", () => {
    expect(firstMessage(z.object({ m: z.array(z.string()).min(1) }), { m: [] })).toBe("m: expected at least one item, got an empty array");
    expect(firstMessage(z.object({ s: z.string().min(1) }), { s: "" })).toBe("s: expected a non-empty string");
  });
});
