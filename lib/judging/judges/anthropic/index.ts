export { createAnthropicJudge } from "./judge";
export { createAnthropicClient } from "./client";
export {
  ANTHROPIC_DEFAULT_BASE_URL,
  ANTHROPIC_DEFAULT_MAX_TOKENS,
  ANTHROPIC_DEFAULT_MODEL,
  anthropicJudgeId,
  anthropicJudgeSettingsSchema,
  type AnthropicJudgeSettings,
} from "./settings";
