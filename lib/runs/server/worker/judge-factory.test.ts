import { describe, expect, it, vi } from "vitest";
import type { Judge } from "@/lib/judging/judges/types";
import { judgeFactoryFromEnv, JudgeResolver } from "./judge-factory";

describe("judgeFactoryFromEnv", () => {
  it("builds the checks judge with no configuration", async () => {
    expect((await judgeFactoryFromEnv({})({ kind: "checks" })).id).toBe("checks");
  });

  it("takes the key from the environment and the model from the run", async () => {
    const judge = await judgeFactoryFromEnv({ OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "gpt-4.1" })({ kind: "openai", model: "gpt-4.1-mini", temperature: 0 });
    expect(judge.id).toBe("openai:gpt-4.1-mini");
  });

  it("says what is missing when the server has no key", () => {
    expect(() => judgeFactoryFromEnv({})({ kind: "anthropic", model: "claude-sonnet-4-5" })).toThrow(/not configured on this server: set ANTHROPIC_API_KEY/);
  });
});

describe("JudgeResolver", () => {
  it("builds one judge per config, and asks again after a failure", async () => {
    const judge: Judge = { id: "checks", evaluate: vi.fn() };
    const factory = vi.fn().mockRejectedValueOnce(new Error("no key")).mockReturnValue(judge);
    const resolver = new JudgeResolver(factory);
    await expect(resolver.get({ kind: "checks" })).rejects.toThrow("no key");
    expect(await resolver.get({ kind: "checks" })).toBe(judge);
    expect(await resolver.get({ kind: "checks" })).toBe(judge);
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
