import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { CallContext } from "../context";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
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

  it("does not fail a tool for sharing no word with the request: paraphrases share none", () => {
    const sum = tool("sum", { a: { type: "number" }, b: { type: "number" } }, [], "Adds two numbers.");
    expect(hitsOf(toolChoice, immediate({ user: "Could you tell me what I get if I add 5.0 to 3.0?", tools: [sum], calls: [toolCall("1", "sum", { a: 5, b: 3 })] }))).toEqual([]);
    const sort = tool("sort_array", { array: { type: "array" } }, [], "Sorts an array of integers.");
    expect(hitsOf(toolChoice, immediate({ user: "I need the numbers [1, 54, 3] arranged from the smallest to the largest.", tools: [sort], calls: [toolCall("1", "sort_array", { array: [1, 54, 3] })] }))).toEqual([]);
  });

  it("accepts the fitting tool, synonyms included", () => {
    expect(hitsOf(toolChoice, immediate({ user: "Find the area of a triangle with sides 3, 4 and 5.", tools: [triangle, circle], calls: [toolCall("1", "triangle_properties.get", { side1: 3 })] }))).toEqual([]);
    const movies = tool("find_movies", { genre: { type: "string" } }, [], "Find movies playing nearby.");
    expect(hitsOf(toolChoice, immediate({ user: "Which films are showing tonight?", tools: [movies], calls: [toolCall("1", "find_movies", {})] }))).toEqual([]);
  });

  it("does not judge a read in a later step of a conversation: looking something up first is normal", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Who won the 2010 World Cup?" },
      { role: "assistant", content: null, tool_calls: [toolCall("0", "search", { q: "2010 World Cup winner" })] },
      { role: "tool", tool_call_id: "0", content: '{"city": "Madrid"}' },
    ];
    expect(hitsOf(toolChoice, immediate({ context, tools: [weather, tool("search", {})], calls: [toolCall("1", "weather.forecast", { city: "Madrid" })] }))).toEqual([]);
  });

  const airline = [
    tool("get_user_details", { user_id: { type: "string" } }, [], "Get the details of a user, including their reservations."),
    tool("cancel_reservation", { reservation_id: { type: "string" } }, [], "Cancel the whole reservation."),
    tool("update_reservation_flights", { reservation_id: { type: "string" } }, [], "Update the flight information of a reservation."),
    tool("think", { thought: { type: "string" } }, [], "Use the tool to think about something."),
  ];
  const system: CanonicalMessage = { role: "system", content: "You are an airline agent. Before taking any action that updates the booking database, obtain explicit user confirmation (yes) to proceed." };

  it.each([
    ["a step the policy requires", "get_user_details", "Please cancel my reservation ZFA04Y, my user id is mia_li_3668."],
    ["a planning tool", "think", "Please cancel my reservation ZFA04Y, my user id is mia_li_3668."],
    ["a request in another language", "cancel_reservation", "Por favor, cancele mi reserva ZFA04Y."],
  ])("does not fail %s", (_, name, request) => {
    const context: CanonicalMessage[] = [system, { role: "user", content: "Hi" }, { role: "assistant", content: "How can I help?" }, { role: "user", content: request }];
    expect(hitsOf(toolChoice, immediate({ context, tools: airline, calls: [toolCall("1", name, {})] }))).toEqual([]);
  });

  it("in a conversation, does not compare a confirmed call with other tools: requests there have several parts", () => {
    const context: CanonicalMessage[] = [
      system,
      { role: "user", content: "I want to change my flight on reservation ZFA04Y to the next day." },
      { role: "assistant", content: "I will update the flights of reservation ZFA04Y to HAT045 on May 21. Shall I proceed?" },
      { role: "user", content: "Yes, please go ahead." },
    ];
    expect(hitsOf(toolChoice, immediate({ context, tools: airline, calls: [toolCall("1", "update_reservation_flights", {})] }))).toEqual([]);
    expect(toolChoice.unmeasurable?.(new CallContext(immediate({ context, tools: airline, calls: [toolCall("1", "cancel_reservation", {})] })))).toContain("later step");
  });

  it("says why it did not measure a request it cannot read", () => {
    const context: CanonicalMessage[] = [system, { role: "user", content: "予約をキャンセルしてください" }];
    const view = immediate({ context, tools: airline, calls: [toolCall("1", "cancel_reservation", {})] });
    expect(toolChoice.unmeasurable?.(new CallContext(view))).toContain("not English");
  });

  it("does not blame a call for a rival the same message also calls", () => {
    const calls = [toolCall("1", "math.gcd", { a: 1 }), toolCall("2", "math.lcm", { a: 1 })];
    const view = immediate({ user: "Give the greatest common divisor of 4 and 6 and the least common multiple of 4 and 6.", tools: [gcd, lcm], calls, judged: 1 });
    expect(hitsOf(toolChoice, view)).toEqual([]);
  });
});
