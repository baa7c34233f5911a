import { describe, expect, it } from "vitest";
import type { CanonicalMessage, JsonObject, JsonValue } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { unsupportedCall } from "./unsupported-call";

const properties: JsonObject = {
  celsius: { type: "number" },
  city: { type: "string" },
  unit: { type: "string", enum: ["metric", "imperial"] },
  limit: { type: "integer", default: 10 },
  detailed: { type: "boolean" },
  order_id: { type: "string" },
};
const converter = tool("convert", properties);
const hits = (args: JsonValue, user: string, context?: CanonicalMessage[]) =>
  hitsOf(unsupportedCall, immediate({ user, context, tools: [converter], calls: [toolCall("1", "convert", args)] }));

describe("unsupported-call", () => {
  it("flags a call whose only value the agent supplied, for a request that gives it nothing", () => {
    expect(hits({ celsius: 1 }, "Give me a selection of horror movies to watch on a Friday night.")).toEqual([
      expect.objectContaining({ severity: "major", message: expect.stringContaining("its one value is supplied by the agent") }),
    ]);
  });

  it("counts defaults and allowed values neither for nor against the call", () => {
    expect(hits({ celsius: 1, unit: "metric", limit: 10 }, "Which films are on tonight?")).toHaveLength(1);
    expect(hits({ unit: "metric", limit: 10 }, "Which films are on tonight?")).toEqual([]);
  });

  it("passes a call one of whose values comes from the request, however doubtful the others", () => {
    expect(hits({ celsius: 1, city: "Lisbon" }, "What is the weather in Lisbon?")).toEqual([]);
    expect(hits({ celsius: 21 }, "Convert 21 degrees Celsius")).toEqual([]);
  });

  it("takes values from earlier tool results as the conversation's, and is only a doubt later in one", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Where is my parcel?" },
      { role: "assistant", content: null, tool_calls: [toolCall("a", "convert", { city: "Porto" })] },
      { role: "tool", tool_call_id: "a", content: JSON.stringify({ order_id: "W123" }) },
      { role: "user", content: "And the other one?" },
    ];
    expect(hits({ order_id: "W123" }, "", context)).toEqual([]);
    expect(hits({ order_id: "Z999" }, "", context)).toEqual([expect.objectContaining({ severity: "minor", penalty: 0.3 })]);
  });

  it("does not judge a call without arguments", () => {
    expect(hits({}, "Anything new?")).toEqual([]);
  });
});

describe("unsupported-call: values related to the request count for it", () => {
  const shell = tool("execute", { command: { type: "string" } });
  const judged = (command: string, user: string) => hitsOf(unsupportedCall, immediate({ user, tools: [shell], calls: [toolCall("1", "execute", { command })] }));
  it("a command that quotes part of the request", () => expect(judged("taskkill /F /IM firefox.exe", "close firefox using taskkill command")).toEqual([]));
  it("a value in another script than the request", () => expect(hits({ city: "Shanghai, China" }, "我想知道上海目前的天气状况")).toEqual([]));
});

describe("unsupported-call: evidence", () => {
  it("names the first few values of a large call, each cut short", () => {
    const many = tool("many", { values: { type: "array", items: { type: "number" } }, note: { type: "string" } });
    const values = Array.from({ length: 500 }, () => 1);
    const [hit] = hitsOf(unsupportedCall, immediate({ user: "Which films are on tonight?", tools: [many], calls: [toolCall("1", "many", { values })] }));
    expect(hit.evidence).toContain("and 492 more");
    expect(hit.evidence?.length).toBeLessThan(400);
  });
});
