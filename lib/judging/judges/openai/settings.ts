import { z } from "zod";
import { baseUrlSchema, requestSettingsShape, samplingSettingsShape } from "@/lib/judging/judges/llm/settings";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const OPENAI_DEFAULT_MODEL = "gpt-4.1-mini";

/**
 * Any server that speaks Chat Completions: OpenAI, Azure OpenAI (v1 endpoint as baseURL),
 * OpenRouter, Ollama, vLLM, LM Studio, llama.cpp. Local servers need no key.
 */
export const openaiJudgeSettingsSchema = z.object({
  baseURL: baseUrlSchema.optional(),
  model: z.string().trim().min(1, "a model is required"),
  apiKey: z.string().min(1).optional(),
  ...samplingSettingsShape,
  ...requestSettingsShape,
});

export type OpenAIJudgeSettings = z.infer<typeof openaiJudgeSettingsSchema>;

export function openaiJudgeId(model: string): string {
  return `openai:${model}`;
}
