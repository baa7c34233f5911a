import { describe, expect, it } from "vitest";
import type { CanonicalTool, JsonValue } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { schemaViolation } from "./schema-violation";

const area = tool(
  "triangle_area",
  {
    base: { type: "integer" },
    height: { type: "float" },
    unit: { type: "string", enum: ["cm", "m"] },
    tags: { type: "array", items: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
    when: { type: "string", format: "date" },
  },
  ["base", "height"],
);
const hits = (args: JsonValue, tools: CanonicalTool[] = [area]) => hitsOf(schemaViolation, immediate({ user: "Area?", tools, calls: [toolCall("1", tools[0].function.name, args)] }));

describe("schema-violation", () => {
  it("accepts valid arguments, an integer for a BFCL 'float'", () => {
    expect(hits({ base: 10, height: 5, unit: "cm", tags: [{ id: 1 }], when: "2024-02-29" })).toEqual([]);
  });

  it("accepts a value the schema itself offers outside its type or enum, but not a number written as text", () => {
    const search = tool("search", {
      year: { type: "integer", description: "The release year. Use 'dontcare' to include any year.", default: "dontcare" },
      unit: { type: "string", enum: ["seconds", "milliseconds"], default: "N/A" },
      limit: { type: "integer", description: "How many, such as 10.", default: 10 },
    });
    const found = hits({ year: "dontcare", unit: "N/A" }, [search]);
    expect(found.map((hit) => hit.severity)).toEqual(["info", "info"]);
    expect(hits({ limit: "10" }, [search])).toEqual([expect.objectContaining({ path: "limit", severity: "critical" })]);
    expect(hits({ unit: "minutes" }, [search])).toEqual([expect.objectContaining({ path: "unit", severity: "major" })]);
  });

  it("takes a boolean for an enum that spells it as text as a slip of format, not a wrong type", () => {
    const homes = tool("find_homes", { laundry: { type: "string", enum: ["True", "False", "dontcare"] } });
    expect(hits({ laundry: true }, [homes])).toEqual([expect.objectContaining({ path: "laundry", severity: "minor" })]);
  });

  it("reports a missing required argument at its own path", () => {
    expect(hits({ base: 10 })).toEqual([expect.objectContaining({ path: "height", severity: "critical", message: 'Required argument "height" is missing.' })]);
  });

  it("reports a wrong type with the value as evidence", () => {
    expect(hits({ base: "10", height: 5 })).toEqual([expect.objectContaining({ path: "base", severity: "critical", evidence: 'value "10"', message: expect.stringContaining("must be integer but is string") })]);
    expect(hits({ base: 10.5, height: 5 })[0].message).toContain("must be integer but is number");
  });

  it("tells a case slip in an enum from a wrong choice", () => {
    expect(hits({ base: 1, height: 1, unit: "CM" })[0]).toMatchObject({ severity: "minor", message: expect.stringContaining("only in case") });
    expect(hits({ base: 1, height: 1, unit: "km" })[0]).toMatchObject({ severity: "major", evidence: expect.stringContaining('allowed: "cm", "m"') });
  });

  it("validates nested arrays and formats", () => {
    expect(hits({ base: 1, height: 1, tags: [{ id: 1 }, { id: "x" }, {}] }).map((hit) => hit.path)).toEqual(["tags[1].id", "tags[2].id"]);
    expect(hits({ base: 1, height: 1, when: "yesterday" })[0]).toMatchObject({ path: "when", severity: "major" });
  });

  it("leaves undeclared arguments to their own check", () => {
    const closed = { type: "function" as const, function: { name: "f", parameters: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false } } };
    expect(hits({ a: "x", b: 1 }, [closed])).toEqual([]);
  });

  it("compiles schemas with root keywords such as anyOf", () => {
    const either = { type: "function" as const, function: { name: "g", parameters: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, anyOf: [{ required: ["a"] }, { required: ["b"] }] } } };
    expect(hits({}, [either]).length).toBeGreaterThan(0);
    expect(hits({ b: "x" }, [either])).toEqual([]);
  });

  it("does not run without a known tool or an arguments object", () => {
    expect(hitsOf(schemaViolation, immediate({ user: "x", tools: [area], calls: [toolCall("1", "nope", {})] }))).toEqual([]);
    expect(hitsOf(schemaViolation, immediate({ user: "x", tools: [area], calls: [toolCall("1", "triangle_area", "not json")] }))).toEqual([]);
  });
});
