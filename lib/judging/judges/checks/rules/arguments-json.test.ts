import { describe, expect, it } from "vitest";
import type { JsonValue } from "@/lib/transcripts/types";
import type { Check } from "../check";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { argumentsJson } from "./arguments-json";

const weather = tool("get_weather", { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } }, ["city"]);
const run = (check: Check, args: JsonValue | string, name = "get_weather") =>
  hitsOf(check, immediate({ user: "Weather in Paris?", tools: [weather], calls: [toolCall("1", name, args)] }));

describe("arguments-not-json", () => {
  it("flags invalid JSON with the parser's error and the raw text", () => {
    const [hit] = run(argumentsJson, '{"city": Paris}');
    expect(hit.message).toMatch(/not valid JSON/);
    expect(hit.evidence).toBe(JSON.stringify('{"city": Paris}'));
  });

  it("flags JSON that is not an object", () => {
    expect((run(argumentsJson, "[1, 2]"))[0].message).toContain("an array");
    expect((run(argumentsJson, '"Paris"'))[0].message).toContain("a string");
  });

  it("accepts an object", () => {
    expect(run(argumentsJson, { city: "Paris" })).toEqual([]);
  });
});
