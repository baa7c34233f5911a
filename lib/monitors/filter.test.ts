import { describe, expect, it } from "vitest";
import { matchesFilter, monitorFilterSchema, type TranscriptFacts } from "./schemas/filter";

const facts = (over: Partial<TranscriptFacts> = {}): TranscriptFacts => ({ source: "traces", model: "gpt-4.1", service: "weather-agent", tags: ["prod"], metadata: { service: "weather-agent", env: "eu" }, ...over });

describe("monitor filters", () => {
  it("matches on every field given", () => {
    const filter = monitorFilterSchema.parse({ source: "traces", service: "weather-agent", model: "gpt-4.1", tag: "prod", metadata: { env: "eu" } });
    expect(matchesFilter(filter, facts())).toBe(true);
    expect(matchesFilter(filter, facts({ source: "cli" }))).toBe(false);
    expect(matchesFilter(filter, facts({ service: "other" }))).toBe(false);
    expect(matchesFilter(filter, facts({ model: "gpt-5" }))).toBe(false);
    expect(matchesFilter(filter, facts({ tags: [] }))).toBe(false);
    expect(matchesFilter(filter, facts({ metadata: { service: "weather-agent", env: "us" } }))).toBe(false);
  });

  it("takes everything when empty, and demo data as uploads", () => {
    const filter = monitorFilterSchema.parse(undefined);
    expect(matchesFilter(filter, facts({ source: "demo" }))).toBe(true);
    expect(matchesFilter(monitorFilterSchema.parse({ source: "uploads" }), facts({ source: "demo" }))).toBe(true);
  });

  it("refuses a field that does not exist, naming the ones that do", () => {
    const result = monitorFilterSchema.safeParse({ source: "traces", servce: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["servce"], message: 'unknown filter field "servce": a monitor filters on source, service, model, tag, metadata' });
  });

  it("refuses an unknown source", () => {
    const result = monitorFilterSchema.safeParse({ source: "kafka" });
    expect(result.error?.issues[0].message).toBe('expected one of "all", "traces", "uploads", "api", "cli"');
  });
});
