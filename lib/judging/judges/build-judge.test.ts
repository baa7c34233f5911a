import { describe, expect, it } from "vitest";
import { buildJudge } from "./build-judge";
import type { Judge } from "./types";

describe("buildJudge", () => {
  it("builds a kind from the environment, key included, and the built-in judge with nothing set", () => {
    const built = buildJudge("openai", { OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "gpt-4.1" });
    expect(built).toMatchObject({ ok: true, judge: { id: "openai:gpt-4.1" }, config: { kind: "openai", model: "gpt-4.1", apiKey: "sk-test" } });
    expect(buildJudge("checks", {})).toMatchObject({ ok: true, judge: { id: "checks" } });
  });

  it("lets a run's stored settings win over the environment's, which supplies the key", () => {
    const built = buildJudge({ kind: "openai", model: "gpt-4.1-mini", temperature: 0 }, { OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "gpt-4.1" });
    expect(built).toMatchObject({ ok: true, judge: { id: "openai:gpt-4.1-mini" }, config: { model: "gpt-4.1-mini", temperature: 0, apiKey: "sk-test" } });
  });

  it("says what the environment lacks", () => {
    expect(buildJudge({ kind: "anthropic", model: "claude-sonnet-4-5" }, {})).toEqual({ ok: false, problem: "not-configured", reason: "set ANTHROPIC_API_KEY" });
  });

  it("uses the caller's built-in judge when it keeps one", () => {
    const shared: Judge = { id: "checks", evaluate: async () => ({ score: 1, passed: null, applicable: true, explanation: "", findings: [] }) };
    expect(buildJudge("checks", {}, { checks: () => shared })).toMatchObject({ ok: true, judge: shared });
  });
});
