import { describe, expect, it } from "vitest";
import type { CanonicalMessage, JsonObject, JsonValue } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { CONCLUSIVE_PENALTY } from "../scoring";
import { ungroundedValue } from "./ungrounded-value";

const properties: JsonObject = {
  city: { type: "string" },
  location: { type: "string" },
  amount: { type: "number" },
  rate: { type: "number" },
  years: { type: "integer" },
  date: { type: "string" },
  currency: { type: "string" },
  unit: { type: "string", description: "Unit of length, default is 'km'." },
  mode: { type: "string", enum: ["regular", "playoff"] },
  tags: { type: "array", items: { type: "string", enum: ["price", "rating"] } },
  detailed: { type: "boolean" },
  query: { type: "string" },
  g: { type: "number" },
};
const hits = (args: JsonValue, user: string, context?: CanonicalMessage[]) =>
  hitsOf(ungroundedValue, immediate({ user, context, tools: [tool("f", properties)], calls: [toolCall("1", "f", args)] }));
const grounded = (args: JsonValue, user: string) => expect(hits(args, user)).toEqual([]);
// Supported after a transformation: at most an informational note, never a problem.
const accepted = (args: JsonValue, user: string) => expect(hits(args, user).filter((hit) => hit.severity !== "info")).toEqual([]);

describe("ungrounded-value: numbers computed from the request", () => {
  it("takes the span between two stated numbers as a doubt, not a made-up value", () => {
    expect(hits({ years: 2 }, "Book me a room from August 15th to August 17th")).toEqual([expect.objectContaining({ severity: "minor", message: expect.stringContaining("the difference of numbers the request states") })]);
    expect(hits({ years: 2016 }, "Songs from seven years before 2023")).toEqual([expect.objectContaining({ severity: "minor" })]);
  });
  it("does not take a sum: small stated numbers add up to a replaced value too often", () => {
    expect(hits({ amount: 41 }, "The highest common factor of 36 and 48, and the slope at x = 5")).toEqual([expect.objectContaining({ severity: "major" })]);
  });
});

describe("ungrounded-value: codes", () => {
  it("takes a code the conversation does not spell out (JFK for New York) as a doubt that cannot fail a call alone", () => {
    const [hit] = hits({ city: "JFK" }, "I'd like to book a flight from San Francisco to New York");
    expect(hit).toMatchObject({ severity: "minor", message: expect.stringContaining("is a code the conversation does not spell out") });
    expect(hit.penalty).toBeLessThan(CONCLUSIVE_PENALTY);
  });
});

describe("ungrounded-value: accepted normalisations", () => {
  it("ignores case, spacing and punctuation", () => grounded({ city: "new york" }, "Weather in New-York?"));
  it("accepts a qualified place", () => grounded({ location: "Paris, France" }, "Hotels in Paris"));
  it("reads numbers in words, with units, separators and scales", () => {
    grounded({ years: 5 }, "over the next five years");
    grounded({ amount: 20000 }, "a net income of $20,000");
    grounded({ amount: 2000000 }, "revenue of 2 million");
    grounded({ amount: 1200000 }, "revenue of 1.2M");
  });
  it("reads percentages both ways", () => grounded({ rate: 0.05 }, "an interest rate of 5%"));
  it("accepts converted quantities and clock times", () => {
    accepted({ amount: 180 }, "a duration of 3 minutes");
    accepted({ amount: 23 }, "open until 11 PM");
    accepted({ amount: 70 }, "height 5ft 10in");
    accepted({ amount: 0.0001 }, "a capacitance of 100µF");
  });
  it("matches dates in any common format", () => grounded({ date: "2022-03-10" }, "from March 10th, 2022 to March 20"));
  it("accepts abbreviations of what the user wrote", () => {
    accepted({ currency: "USD" }, "convert 100 US dollars");
    accepted({ currency: "JPY" }, "into Japanese yen");
    grounded({ location: "NYC" }, "hotels in New York City");
    grounded({ location: "Los Angeles, CA" }, "Can you locate a 4 star hotel in LA for me?");
    grounded({ city: "San Diego, CA" }, "I need a bus for 2 people from LA to SD on 2023.10.1.");
  });
  it("accepts schema defaults, allowed values and values the description names", () => {
    grounded({ unit: "km", mode: "regular" }, "How far is it?");
  });
  it("does not take the description's example as offered: copied into a call, it is made up", () => {
    const weather = tool("get_weather", { location: { type: "string", description: "The city, in the format 'City, State', such as 'San Francisco, CA'." } });
    const judged = (user: string) => hitsOf(ungroundedValue, immediate({ user, tools: [weather], calls: [toolCall("1", "get_weather", { location: "San Francisco, CA" })] }));
    expect(judged("Fetch the domain report of amazon.com")).toEqual([expect.objectContaining({ path: "location", severity: "major" })]);
    expect(judged("Weather in San Francisco?")).toEqual([]);
  });
  it("fails a name whose number the conversation does not hold, though its other words are there", () => {
    const found = hits({ location: "221B Baker Street, Berkeley, CA" }, "A ride from 2020 Addison Street, Berkeley, CA please");
    expect(found).toEqual([expect.objectContaining({ path: "location", severity: "major", message: expect.stringContaining("its number 221 is not") })]);
    // A month as a number is left to the date readings: at most a doubt.
    expect(hits({ date: "04-2022" }, "Concerts next month (April 2022)").every((hit) => hit.penalty < 0.45)).toBe(true);
  });
  it("fails a number other than the one the request gives for that argument by name", () => {
    const velocity = tool("final_velocity", { initialVelocity: { type: "number" }, time: { type: "number" } });
    const judged = (args: JsonValue, user: string) => hitsOf(ungroundedValue, immediate({ user, tools: [velocity], calls: [toolCall("1", "final_velocity", args)] }));
    expect(judged({ initialVelocity: 1, time: 5 }, "Free fall for 5 seconds with an initial velocity of 0?")).toEqual([
      expect.objectContaining({ path: "initialVelocity", severity: "major", message: expect.stringContaining("differs from the 0") }),
    ]);
    // One of the numbers it gives for it, a number with a unit (maybe converted), or 0 (often said in words): no evidence.
    const major = (args: JsonValue, user: string) => judged(args, user).filter((hit) => hit.severity === "major");
    expect(major({ initialVelocity: 20, time: 5 }, "Car A: initial velocity 10. Car B: initial velocity 20. Both for 5 s.")).toEqual([]);
    expect(major({ initialVelocity: 0, time: 5 }, "It starts from rest, initial velocity 10 for the other one, for 5 s.")).toEqual([]);
    expect(judged({ initialVelocity: 2.78, time: 5 }, "An initial velocity of 10 km/h for 5 s.").some((hit) => hit.message.includes("differs from"))).toBe(false);
  });
  it("accepts values from earlier tool results", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Book the cheapest hotel" },
      { role: "assistant", content: null, tool_calls: [toolCall("0", "search", {})] },
      { role: "tool", tool_call_id: "0", content: '{"cheapest": "Hotel Lumière"}' },
    ];
    expect(hits({ location: "Hotel Lumière" }, "", context)).toEqual([]);
  });
  it("treats a well-known constant as only a faint doubt", () => {
    expect(hits({ g: 9.81 }, "How long does a stone take to fall 20 m?")).toEqual([expect.objectContaining({ severity: "info" })]);
  });
});

describe("ungrounded-value: findings", () => {
  it("flags a string nothing supports, quoting what it was compared with", () => {
    expect(hits({ city: "Berlin" }, "Weather in Paris?")).toEqual([
      expect.objectContaining({ path: "city", severity: "major", evidence: 'value "Berlin"; compared with user message 0 "Weather in Paris?"' }),
    ]);
  });
  it("flags a number that replaced a stated one more strongly than an inferred one", () => {
    const [replaced] = hits({ years: 22 }, "over the next 5 years");
    const [inferred] = hits({ years: 22 }, "over the next decades");
    expect(replaced.message).toContain("which states 5 that no argument uses");
    expect(replaced.severity).toBe("major");
    expect(inferred.severity).toBe("minor");
  });
  it("flags a date the conversation does not mention", () => {
    expect(hits({ date: "2019-03-14" }, "Book for May 5, 2022")[0].message).toContain("is a date the conversation does not mention");
  });
  it("flags an allowed value when the request names another", () => {
    expect(hits({ mode: "playoff" }, "the 2021 regular season")[0].message).toContain('the request asks for "regular"');
    expect(hits({ tags: ["price", "rating"] }, "the average price and ratings")).toEqual([]);
    expect(hits({ mode: "regular" }, "regularly scheduled games, not the playoffs")).toEqual([]);
  });
  it("doubts a neutral 0 or 1 only a little", () => {
    expect(hits({ amount: 1 }, "What's the time?")[0]).toMatchObject({ severity: "minor" });
  });
  it("doubts a flag turned off although the request asks for it", () => {
    expect(hits({ detailed: false }, "Give me detailed information")[0].message).toContain("false although the request mentions detailed");
    expect(hits({ detailed: false }, "Give me information without details")).toEqual([]);
  });
  it("is lenient with composed free text", () => {
    const [hit] = hits({ query: "cheap vegan restaurants open late" }, "Find vegan restaurants that are cheap");
    expect(hit.severity).toBe("info");
  });
});

describe("ungrounded-value: an error that repeats the call's own value", () => {
  const lookup = tool("get_reservation", { reservation_id: { type: "string" } });
  const retry = (earlierResult: string, user = "Can you check my reservation?") =>
    hitsOf(
      ungroundedValue,
      immediate({
        tools: [lookup],
        calls: [toolCall("2", "get_reservation", { reservation_id: "SEA2024" })],
        context: [
          { role: "user", content: user },
          { role: "assistant", content: null, tool_calls: [toolCall("1", "get_reservation", { reservation_id: "SEA2024" })] },
          { role: "tool", tool_call_id: "1", content: earlierResult },
        ],
      }),
    );
  it("is no source of that value: an invented id retried after 'not found' is still invented", () => {
    expect(retry("Error: reservation SEA2024 not found")).toEqual([expect.objectContaining({ severity: "major", message: expect.stringContaining("is an identifier that no earlier message or tool result contains") })]);
  });
  it("leaves the value grounded when the user gave it, or when a result with data holds it", () => {
    expect(retry("Error: reservation SEA2024 not found", "My reservation is SEA2024.")).toEqual([]);
    expect(retry('{"reservation_id": "SEA2024", "status": "confirmed"}')).toEqual([]);
  });
  it("still reads what else the error says: an id it offers is a source", () => {
    const offered = hitsOf(
      ungroundedValue,
      immediate({
        tools: [lookup],
        calls: [toolCall("2", "get_reservation", { reservation_id: "SEA2025" })],
        context: [
          { role: "user", content: "Can you check my reservation?" },
          { role: "assistant", content: null, tool_calls: [toolCall("1", "get_reservation", { reservation_id: "SEA2024" })] },
          { role: "tool", tool_call_id: "1", content: "Error: reservation SEA2024 not found; the traveller's only reservation is SEA2025" },
        ],
      }),
    );
    expect(offered).toEqual([]);
  });
});
