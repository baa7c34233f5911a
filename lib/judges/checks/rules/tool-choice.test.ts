import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../testing/views";
import { toolChoice } from "./tool-choice";

const triangle = tool("triangle_properties.get", { side1: { type: "number" } }, [], "Retrieve the dimensions, such as area and perimeter, of a triangle.");
const circle = tool("circle_properties.get", { radius: { type: "number" } }, [], "Retrieve the dimensions of a circle.");
const gcd = tool("math.gcd", { a: { type: "integer" } }, [], "Compute the greatest common divisor.");
const lcm = tool("math.lcm", { a: { type: "integer" } }, [], "Compute the least common multiple.");
const weather = tool("weather.forecast", { city: { type: "string" } }, [], "Retrieve the weather forecast for a city.");

describe("poor-tool-choice", () => {
  it("flags a tool when another offered one fits the request clearly better", () => {
    const [hit] = hitsOf(toolChoice, immediate({ user: "Find the area of a triangle with sides 3, 4 and 5.", tools: [triangle, circle], calls: [toolCall("1", "circle_properties.get", { radius: 3 })] }));
    expect(hit).toMatchObject({ severity: "major", message: expect.stringContaining("triangle_properties.get"), evidence: expect.stringContaining("shares triangle") });
  });

  it("reads acronyms in tool names", () => {
    const view = immediate({ user: "Calculate the greatest common divisor of 12 and 18.", tools: [gcd, lcm], calls: [toolCall("1", "math.lcm", { a: 12 })] });
    expect(hitsOf(toolChoice, view)[0].message).toContain("math.gcd");
  });

  it("flags a tool that shares no word with the request", () => {
    const [hit] = hitsOf(toolChoice, immediate({ user: "Who won the 2010 World Cup?", tools: [weather], calls: [toolCall("1", "weather.forecast", { city: "x" })] }));
    expect(hit).toMatchObject({ severity: "major", message: expect.stringContaining("shares no word") });
  });

  it("accepts the fitting tool, synonyms included", () => {
    expect(hitsOf(toolChoice, immediate({ user: "Find the area of a triangle with sides 3, 4 and 5.", tools: [triangle, circle], calls: [toolCall("1", "triangle_properties.get", { side1: 3 })] }))).toEqual([]);
    const movies = tool("find_movies", { genre: { type: "string" } }, [], "Find movies playing nearby.");
    expect(hitsOf(toolChoice, immediate({ user: "Which films are showing tonight?", tools: [movies], calls: [toolCall("1", "find_movies", {})] }))).toEqual([]);
  });

  it("only doubts an unnamed tool in a later step of a multi-step turn", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Who won the 2010 World Cup?" },
      { role: "assistant", content: null, tool_calls: [toolCall("0", "search", { q: "2010 World Cup winner" })] },
      { role: "tool", tool_call_id: "0", content: '{"city": "Madrid"}' },
    ];
    const [hit] = hitsOf(toolChoice, immediate({ context, tools: [weather, tool("search", {})], calls: [toolCall("1", "weather.forecast", { city: "Madrid" })] }));
    expect(hit.severity).toBe("minor");
  });

  it("does not blame a call for a rival the same message also calls", () => {
    const calls = [toolCall("1", "math.gcd", { a: 1 }), toolCall("2", "math.lcm", { a: 1 })];
    const view = immediate({ user: "Give the greatest common divisor of 4 and 6 and the least common multiple of 4 and 6.", tools: [gcd, lcm], calls, judged: 1 });
    expect(hitsOf(toolChoice, view)).toEqual([]);
  });
});
