import { describe, expect, it } from "vitest";
import { parseCriterion } from "@/lib/criteria/parse";
import { clearChecksCaches, createChecksJudge } from "./index";
import { clearSharedCaches, sharedCache } from "./shared-caches";
import { immediate, tool, toolCall } from "./test-fixtures/views";

describe("shared caches", () => {
  it("are all emptied by one call", () => {
    const names = sharedCache(new Map<string, number>([["a", 1]]));
    let cleared = false;
    sharedCache({ clear: () => (cleared = true) });
    clearSharedCaches();
    expect(names.size).toBe(0);
    expect(cleared).toBe(true);
  });

  it("change nothing the judge concludes once emptied", async () => {
    const parsed = parseCriterion("Reward tool calls that select appropriate tools and provide accurate parameters");
    if (!parsed.ok) throw new Error(parsed.message);
    const weather = tool("get_weather", { city: { type: "string" }, days: { type: "integer" } }, ["city"], "Weather forecast for a city.");
    const view = () => immediate({ user: "Weather in Paris for 3 days?", tools: [weather], calls: [toolCall("1", "get_weather", { city: "Paris", days: "3" })] });
    const first = await createChecksJudge().evaluate({ criterion: parsed.criterion, view: "immediate", content: view() });
    clearChecksCaches();
    const again = await createChecksJudge().evaluate({ criterion: parsed.criterion, view: "immediate", content: view() });
    expect(again).toEqual(first);
    expect(first.findings.length).toBeGreaterThan(0);
  });
});
