import OpenAI from "openai";
import { DEFAULT_TIMEOUT_MS } from "@/lib/judging/judges/llm/deadline";
import { OPENAI_DEFAULT_BASE_URL, type OpenAIJudgeSettings } from "./settings";

// The SDK insists on a key; local servers want none, so a placeholder satisfies the SDK and
// the Authorization header is then dropped.
const NO_KEY = "no-key";

/**
 * Every option the SDK would otherwise read from the environment is set here, so a judge
 * talks to the server it was configured for with the key it was given, and nothing else:
 * above all, OPENAI_API_KEY is never sent to a local or third-party server by accident.
 */
export function createOpenAIClient(settings: OpenAIJudgeSettings): OpenAI {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new OpenAI({
    baseURL: settings.baseURL ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: settings.apiKey ?? NO_KEY,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    ...(settings.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    maxRetries: settings.maxRetries ?? 0,
    // Our own deadline (withDeadline) fires first and also covers a stalled body; this is a backstop.
    timeout: timeoutMs + 1_000,
    // Failures reach the engine as JudgeErrors; the SDK's own log lines would only duplicate them.
    logLevel: "off",
  });
}
