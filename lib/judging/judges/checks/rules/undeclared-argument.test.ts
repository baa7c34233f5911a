import { describe, expect, it } from "vitest";
import type { JsonValue } from "@/lib/transcripts/types";
import type { Check } from "../check";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { undeclaredArgument } from "./undeclared-argument";

const weather = tool("get_weather", { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } }, ["city"]);
const run = (check: Check, args: JsonValue | string, name = "get_weather") =>
  hitsOf(check, immediate({ user: "Weather in Paris?", tools: [weather], calls: [toolCall("1", name, args)] }));

describe("undeclared-argument", () => {
  it("flags a key the schema does not declare and suggests a near one", () => {
    const [hit] = run(undeclaredArgument, { cty: "Paris" });
    expect(hit).toMatchObject({ path: "cty", message: expect.stringContaining('Did it mean "city"?') });
  });

  it("checks nested objects and arrays", () => {
    const nested = tool("book", { rooms: { type: "array", items: { type: "object", properties: { beds: { type: "integer" } } } } });
    const hits = hitsOf(undeclaredArgument, immediate({ user: "Book", tools: [nested], calls: [toolCall("1", "book", { rooms: [{ beds: 2 }, { beds: 1, view: "sea" }] })] }));
    expect(hits.map((hit) => hit.path)).toEqual(["rooms[1].view"]);
  });

  it("allows extra keys where the schema does", () => {
    const open = { type: "function" as const, function: { name: "log", parameters: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true } } };
    const free = tool("meta", { tags: { type: "object" } });
    expect(hitsOf(undeclaredArgument, immediate({ user: "x", tools: [open], calls: [toolCall("1", "log", { a: "x", b: 1 })] }))).toEqual([]);
    expect(hitsOf(undeclaredArgument, immediate({ user: "x", tools: [free], calls: [toolCall("1", "meta", { tags: { any: 1 } })] }))).toEqual([]);
  });

  it("accepts declared keys", () => {
    expect(run(undeclaredArgument, { city: "Paris", unit: "c" })).toEqual([]);
  });
});
