import { describe, expect, it } from "vitest";
import type { JsonValue } from "@/lib/transcripts/types";
import type { Check } from "../check";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { unknownTool } from "./unknown-tool";

const weather = tool("get_weather", { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } }, ["city"]);
const run = (check: Check, args: JsonValue | string, name = "get_weather") =>
  hitsOf(check, immediate({ user: "Weather in Paris?", tools: [weather], calls: [toolCall("1", name, args)] }));

describe("unknown-tool", () => {
  it("flags a name no offered tool has, suggesting a close one", () => {
    const [hit] = hitsOf(unknownTool, immediate({ user: "Weather?", tools: [weather], calls: [toolCall("1", "get_wether", { city: "Paris" })] }));
    expect(hit).toMatchObject({ severity: "critical", message: expect.stringContaining('Did it mean "get_weather"?'), evidence: "offered tools: get_weather" });
  });

  it("accepts an offered tool", () => {
    expect(run(unknownTool, { city: "Paris" })).toEqual([]);
  });

  it("says when no tools were offered", () => {
    const [hit] = hitsOf(unknownTool, immediate({ user: "Hi", tools: [], calls: [toolCall("1", "x", {})] }));
    expect(hit.message).toContain("no tools were offered");
  });
});
