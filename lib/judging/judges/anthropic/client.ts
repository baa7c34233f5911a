import Anthropic from "@anthropic-ai/sdk";
import { DEFAULT_TIMEOUT_MS } from "@/lib/judging/judges/llm/deadline";
import { ANTHROPIC_DEFAULT_BASE_URL, type AnthropicJudgeSettings } from "./settings";

/**
 * Base URL and key are always passed, so the SDK reads neither ANTHROPIC_BASE_URL nor
 * ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN behind the configuration's back.
 */
export function createAnthropicClient(settings: AnthropicJudgeSettings): Anthropic {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Anthropic({
    baseURL: settings.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL,
    apiKey: settings.apiKey,
    maxRetries: settings.maxRetries ?? 0,
    // Our own deadline (withDeadline) fires first and also covers a stalled body; this is a backstop.
    timeout: timeoutMs + 1_000,
    // Failures reach the engine as JudgeErrors; the SDK's own log lines would only duplicate them.
    logLevel: "off",
  });
}
