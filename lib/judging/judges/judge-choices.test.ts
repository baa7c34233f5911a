import { describe, expect, it } from "vitest";
import { judgeChoices } from "./judge-choices";

describe("judgeChoices", () => {
  it("tells a form which judges are configured and their models, never a key or an endpoint", () => {
    const choices = judgeChoices({ OPENAI_API_KEY: "sk-secret-123", OPENAI_BASE_URL: "https://user:pw@llm.example.com/v1", OPENAI_MODEL: "gpt-test" });
    expect(choices.map((choice) => choice.kind)).toEqual(["checks", "openai", "anthropic", "composo"]);
    expect(choices[1]).toEqual({ kind: "openai", label: "OpenAI-compatible", id: "openai:gpt-test", configured: true, model: "gpt-test" });
    expect(choices[2]).toMatchObject({ configured: false, reason: "set ANTHROPIC_API_KEY" });
    const sent = JSON.stringify(choices);
    expect(sent).not.toContain("sk-secret-123");
    expect(sent).not.toContain("llm.example.com");
  });
});
