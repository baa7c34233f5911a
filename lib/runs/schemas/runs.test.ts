import { describe, expect, it } from "vitest";
import { defaultRunName, runJudgeSchema, runJudgeId, newRunSchema, runSelectionSchema } from "./runs";

describe("newRunSchema", () => {
  it("fills the defaults: checks judge, auto mode and a generated name", () => {
    const parsed = newRunSchema.parse({ selection: { kind: "all" }, criterionIds: ["a"] });
    expect(parsed).toMatchObject({ judge: { kind: "checks" }, mode: "auto", criterionIds: ["a"] });
    expect(parsed.name).toMatch(/^checks · auto · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  });

  it("keeps a given name and removes repeated criteria", () => {
    const parsed = newRunSchema.parse({ name: "  nightly  ", selection: { kind: "upload", uploadId: "u1" }, criterionIds: ["a", "b", "a"], mode: "both" });
    expect(parsed).toMatchObject({ name: "nightly", criterionIds: ["a", "b"], mode: "both", selection: { kind: "upload", uploadId: "u1" } });
  });

  it("accepts 50 distinct criteria, or more ids that repeat, and rejects 51", () => {
    const fifty = Array.from({ length: 50 }, (_, index) => `c${index}`);
    expect(newRunSchema.safeParse({ selection: { kind: "all" }, criterionIds: [...fifty, ...fifty] }).success).toBe(true);
    const tooMany = newRunSchema.safeParse({ selection: { kind: "all" }, criterionIds: [...fifty, "c50"] });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0].message).toMatch(/at most 50/);
  });

  it("requires a criterion and a known mode", () => {
    expect(newRunSchema.safeParse({ selection: { kind: "all" }, criterionIds: [] }).error?.issues[0].message).toMatch(/at least one/);
    expect(newRunSchema.safeParse({ selection: { kind: "all" }, criterionIds: ["a"], mode: "later" }).success).toBe(false);
  });
});

describe("runSelectionSchema", () => {
  it("normalises empty filters away and rejects unknown kinds", () => {
    expect(runSelectionSchema.parse({ kind: "filter", q: "  ", tool: "get_weather", warnings: "yes" })).toEqual({ kind: "filter", q: undefined, tool: "get_weather", warnings: "yes" });
    expect(runSelectionSchema.safeParse({ kind: "upload" }).success).toBe(false);
    expect(runSelectionSchema.safeParse({ kind: "everything" }).success).toBe(false);
  });
});

describe("runJudgeSchema", () => {
  it("stores no secret: unknown keys such as apiKey are stripped", () => {
    expect(runJudgeSchema.parse({ kind: "checks", apiKey: "sk-123" })).toEqual({ kind: "checks" });
  });
});

describe("defaultRunName", () => {
  it("names the judge, the mode and the time", () => {
    expect(defaultRunName({ kind: "checks" }, "hindsight", new Date("2026-01-02T03:04:05Z"))).toBe("checks · hindsight · 2026-01-02 03:04 UTC");
  });
});

describe("network judge configs", () => {
  it("keeps the settings that change results and drops the API key", () => {
    const parsed = runJudgeSchema.parse({ kind: "openai", model: "gpt-4.1-mini", temperature: 0, apiKey: "sk-secret", baseURL: "http://localhost:11434/v1" });
    expect(parsed).toEqual({ kind: "openai", model: "gpt-4.1-mini", temperature: 0, baseURL: "http://localhost:11434/v1" });
    expect(runJudgeSchema.parse({ kind: "composo", apiKey: "k" })).toEqual({ kind: "composo" });
    expect(runJudgeId(runJudgeSchema.parse({ kind: "anthropic", model: "claude-sonnet-4-5" }))).toBe("anthropic:claude-sonnet-4-5");
    expect(runJudgeSchema.safeParse({ kind: "openai" }).success).toBe(false);
  });
});
