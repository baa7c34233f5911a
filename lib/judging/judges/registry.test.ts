import { afterEach, describe, expect, it } from "vitest";
import { immediateInput, REWARD } from "./llm/test-fixtures";
import { createJudge, judgeConfigFromEnv, judgeConfigSchema, judgeIdFor, judgeStatusFromEnv, publicJudgeConfig, type JudgeConfig } from "./registry";
import { startTestServer, type TestServer } from "./test-fixtures/provider-server/server";

describe("judgeConfigSchema", () => {
  it("accepts each kind with its settings", () => {
    expect(judgeConfigSchema.parse({ kind: "checks" })).toEqual({ kind: "checks" });
    expect(judgeConfigSchema.parse({ kind: "openai", model: "llama3.1", baseURL: "http://localhost:11434/v1" }).kind).toBe("openai");
    expect(judgeConfigSchema.parse({ kind: "anthropic", model: "claude-sonnet-4-5", apiKey: "k", temperature: 0 }).kind).toBe("anthropic");
    expect(judgeConfigSchema.parse({ kind: "composo", apiKey: "k" }).kind).toBe("composo");
  });

  it("rejects missing or invalid settings", () => {
    expect(judgeConfigSchema.safeParse({ kind: "openai" }).success).toBe(false);
    expect(judgeConfigSchema.safeParse({ kind: "openai", model: "m", baseURL: "ftp://example.com" }).success).toBe(false);
    expect(judgeConfigSchema.safeParse({ kind: "anthropic", model: "m" }).success).toBe(false);
    expect(judgeConfigSchema.safeParse({ kind: "anthropic", model: "m", apiKey: "k", temperature: 1.5 }).success).toBe(false);
    expect(judgeConfigSchema.safeParse({ kind: "composo" }).success).toBe(false);
    expect(judgeConfigSchema.safeParse({ kind: "openai", model: "m", timeoutMs: 0 }).success).toBe(false);
    expect(judgeConfigSchema.safeParse({ kind: "gemini" }).success).toBe(false);
  });
});

describe("createJudge", () => {
  const configs: [JudgeConfig, string][] = [
    [{ kind: "checks" }, "checks"],
    [{ kind: "openai", model: "gpt-4.1-mini", apiKey: "k" }, "openai:gpt-4.1-mini"],
    [{ kind: "openai", model: "qwen2.5", baseURL: "http://127.0.0.1:11434/v1" }, "openai:qwen2.5"],
    [{ kind: "anthropic", model: "claude-sonnet-4-5", apiKey: "k" }, "anthropic:claude-sonnet-4-5"],
    [{ kind: "composo", apiKey: "k" }, "composo"],
  ];
  it.each(configs)("builds %j as %s", (config, id) => {
    expect(createJudge(config).id).toBe(id);
    expect(judgeIdFor(config)).toBe(id);
  });

  it("builds a working built-in judge", async () => {
    const result = await createJudge({ kind: "checks" }).evaluate(immediateInput(REWARD));
    expect(typeof result.applicable).toBe("boolean");
  });

  describe("network judges reach the configured server", () => {
    let server: TestServer;
    afterEach(() => server.close());
    it("openai", async () => {
      server = await startTestServer({ json: { choices: [{ index: 0, message: { role: "assistant", content: '{"explanation":"ok","findings":[],"applicable":true,"score":0.9}' }, finish_reason: "stop" }] } });
      const judge = createJudge({ kind: "openai", model: "local", baseURL: `${server.url}/v1` });
      expect((await judge.evaluate(immediateInput(REWARD))).score).toBe(0.9);
      expect(server.requests[0].path).toBe("/v1/chat/completions");
    });
  });
});

describe("publicJudgeConfig", () => {
  it("drops the API key and keeps the rest", () => {
    const config: JudgeConfig = { kind: "openai", model: "m", apiKey: "sk-secret-value-123", temperature: 0 };
    const stored = publicJudgeConfig(config);
    expect(stored).toEqual({ kind: "openai", model: "m", temperature: 0 });
    expect(JSON.stringify(stored)).not.toContain("sk-secret");
    expect(publicJudgeConfig({ kind: "checks" })).toEqual({ kind: "checks" });
  });
});

describe("judgeStatusFromEnv", () => {
  const byKind = (env: Record<string, string | undefined>) => Object.fromEntries(judgeStatusFromEnv(env).map((status) => [status.kind, status]));

  it("lists every judge; only the built-in one is configured in an empty environment", () => {
    const status = byKind({});
    expect(Object.keys(status)).toEqual(["checks", "openai", "anthropic", "composo"]);
    expect(status.checks).toMatchObject({ configured: true, id: "checks" });
    expect(status.openai).toMatchObject({ configured: false, reason: expect.stringContaining("set OPENAI_API_KEY") });
    expect(status.anthropic).toMatchObject({ configured: false, reason: "set ANTHROPIC_API_KEY" });
    expect(status.composo).toMatchObject({ configured: false, reason: "set COMPOSO_API_KEY" });
  });

  it("treats empty variables as unset", () => {
    expect(byKind({ OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "  " }).openai.configured).toBe(false);
    expect(byKind({ ANTHROPIC_API_KEY: "  " }).anthropic.configured).toBe(false);
  });

  it("applies the default models and endpoints", () => {
    const status = byKind({ OPENAI_API_KEY: "sk-a", ANTHROPIC_API_KEY: "sk-ant-b", COMPOSO_API_KEY: "c" });
    expect(status.openai).toMatchObject({ configured: true, id: "openai:gpt-4.1-mini", model: "gpt-4.1-mini", endpoint: "https://api.openai.com/v1" });
    expect(status.anthropic).toMatchObject({ configured: true, id: "anthropic:claude-sonnet-4-5", model: "claude-sonnet-4-5", endpoint: "https://api.anthropic.com" });
    expect(status.composo).toMatchObject({ configured: true, id: "composo", endpoint: "https://platform.composo.ai" });
  });

  it("configures a local OpenAI-compatible server from its base URL alone", () => {
    const status = byKind({ OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_MODEL: "qwen2.5:7b" });
    expect(status.openai).toMatchObject({ configured: true, id: "openai:qwen2.5:7b", endpoint: "http://localhost:11434/v1" });
    const config = judgeConfigFromEnv("openai", { OPENAI_BASE_URL: "http://localhost:11434/v1" });
    expect(config).toEqual({ ok: true, config: { kind: "openai", model: "gpt-4.1-mini", baseURL: "http://localhost:11434/v1" } });
  });

  it("names the variable that is invalid", () => {
    const status = byKind({ OPENAI_API_KEY: "sk-a", OPENAI_BASE_URL: "not a url", COMPOSO_API_KEY: "c", COMPOSO_BASE_URL: "localhost:8000" });
    expect(status.openai).toMatchObject({ configured: false, reason: expect.stringMatching(/^OPENAI_BASE_URL: /) });
    expect(status.composo).toMatchObject({ configured: false, reason: expect.stringMatching(/^COMPOSO_BASE_URL: /) });
  });

  it("never reports keys or URL credentials", () => {
    const env = { OPENAI_API_KEY: "sk-very-secret-1234567", OPENAI_BASE_URL: "https://user:hunter22@proxy.example.com/v1?token=abc", ANTHROPIC_API_KEY: "sk-ant-secret-987654" };
    const text = JSON.stringify(judgeStatusFromEnv(env));
    for (const secret of ["sk-very-secret", "hunter22", "token=abc", "sk-ant-secret"]) expect(text).not.toContain(secret);
    expect(byKind(env).openai.endpoint).toBe("https://proxy.example.com/v1");
  });
});
