import { z } from "zod";
import { baseUrlSchema, requestSettingsShape, samplingSettingsShape } from "@/lib/judging/judges/llm/settings";

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_DEFAULT_MODEL = "claude-sonnet-4-5";
/** The Messages API requires a limit; a verdict with a few findings fits well within it. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 2048;

export const anthropicJudgeSettingsSchema = z.object({
  baseURL: baseUrlSchema.optional(),
  model: z.string().trim().min(1, "a model is required"),
  apiKey: z.string().min(1, "an API key is required"),
  ...samplingSettingsShape,
  // Anthropic's range is narrower than OpenAI's.
  temperature: z.number().min(0).max(1).optional(),
  ...requestSettingsShape,
});

export type AnthropicJudgeSettings = z.infer<typeof anthropicJudgeSettingsSchema>;

export function anthropicJudgeId(model: string): string {
  return `anthropic:${model}`;
}
