import { describe, expect, it } from "vitest";
import type { CanonicalMessage, JsonObject, JsonValue } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { placeholderValue } from "./placeholder-value";

const properties: JsonObject = {
  city: { type: "string" },
  email: { type: "string" },
  method: { type: "string", description: "The method to use, default is 'default'." },
  company: { type: "string", description: "The company to invest in." },
  a: { type: "integer" },
  b: { type: "integer" },
  c: { type: "integer" },
};
const hits = (args: JsonValue, user = "Find the weather in Paris.") =>
  hitsOf(placeholderValue, immediate({ user, tools: [tool("f", properties, ["city"])], calls: [toolCall("1", "f", args)] }));

describe("placeholder-value", () => {
  it.each([["<city>"], ["{{city}}"], ["string"], ["TODO"], ["user@example.com"]])("flags %j", (value) => {
    expect(hits({ city: value })).toEqual([expect.objectContaining({ path: "city", severity: "major", evidence: `value ${JSON.stringify(value)}` })]);
  });

  it("flags an empty required string", () => {
    expect(hits({ city: " " })[0].message).toContain("empty string");
  });

  it("accepts an empty required string that the conversation says has no value", () => {
    const address = tool("set_address", { address1: { type: "string" }, address2: { type: "string" } }, ["address1", "address2"]);
    const judged = (context: CanonicalMessage[]) => hitsOf(placeholderValue, immediate({ context, tools: [address], calls: [toolCall("1", "set_address", { address1: "101 Highway", address2: "" })] }));
    expect(judged([{ role: "user", content: "Address1: 101 Highway. Address2: none. State: NY" }])).toEqual([]);
    expect(judged([{ role: "user", content: "Move me to 101 Highway, address 2 (optional) - n/a" }])).toEqual([]);
    expect(judged([{ role: "user", content: "Use the address on file." }, { role: "tool", tool_call_id: "0", content: '{"address1": "101 Highway", "address2": ""}' }])).toEqual([]);
    expect(judged([{ role: "user", content: "Move me to 101 Highway, apartment 4." }])[0].message).toContain("empty string");
  });

  it("takes all-zero counts as a doubt in a conversation, as evidence in a single request", () => {
    const counts = tool("book", { city: { type: "string" }, bags: { type: "integer" }, pets: { type: "integer" } });
    const call = [toolCall("1", "book", { city: "Paris", bags: 0, pets: 0 })];
    const single = hitsOf(placeholderValue, immediate({ user: "Book Paris", tools: [counts], calls: call }));
    const conversation = hitsOf(placeholderValue, immediate({ context: [{ role: "user", content: "I want a trip." }, { role: "assistant", content: "Where to?" }, { role: "user", content: "Book Paris" }], tools: [counts], calls: call }));
    expect(single[0].penalty).toBeGreaterThan(conversation[0].penalty);
    expect(conversation[0].penalty).toBeLessThan(0.45);
  });

  it("flags a lone question word and the request's opening word", () => {
    expect(hits({ city: "What" }, "What is the weather in Paris?")[0].message).toContain("question or filler word");
    expect(hits({ company: "Invest" }, "Invest $2000 in Google.")[0].message).toContain("opening word of the request");
  });

  it("flags several arguments all filled with 1", () => {
    const [hit] = hits({ city: "Paris", a: 1, b: 1 });
    expect(hit).toMatchObject({ message: expect.stringContaining("2 arguments are all 1"), evidence: "a, b = 1" });
    expect(hits({ city: "Paris", a: 1, b: 1 }, "Paris, 1 adult and 1 child")).toEqual([]);
    const nested = tool("waste", { population: { type: "object", properties: { adults: { type: "integer" }, children: { type: "integer" } } } });
    expect(hitsOf(placeholderValue, immediate({ user: "Waste of a bachelor", tools: [nested], calls: [toolCall("1", "waste", { population: { adults: 0, children: 0 } })] }))).toEqual([]);
  });

  it("flags a from/to pair with the same value", () => {
    const convert = tool("convert", { from_currency: { type: "string" }, to_currency: { type: "string" }, amount: { type: "number" } });
    const view = (args: JsonValue) => immediate({ user: "Convert 10 dollars to euros", tools: [convert], calls: [toolCall("1", "convert", args)] });
    expect(hitsOf(placeholderValue, view({ from_currency: "EUR", to_currency: "eur", amount: 10 }))[0]).toMatchObject({ path: "to_currency", evidence: 'from_currency = to_currency = "EUR"' });
    expect(hitsOf(placeholderValue, view({ from_currency: "USD", to_currency: "EUR", amount: 10 }))).toEqual([]);
  });

  it("accepts real values, values the user wrote and values the schema names", () => {
    expect(hits({ city: "Paris", a: 3 })).toEqual([]);
    expect(hits({ city: "test" }, "Use the city called test")).toEqual([]);
    expect(hits({ city: "Paris", method: "default" })).toEqual([]);
    expect(hits({ city: "A" })).toEqual([]);
  });
});
