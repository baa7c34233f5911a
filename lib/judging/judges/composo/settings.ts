import { z } from "zod";
import { baseUrlSchema, requestSettingsShape } from "@/lib/judging/judges/llm/settings";

export const COMPOSO_DEFAULT_BASE_URL = "https://platform.composo.ai";
export const COMPOSO_JUDGE_ID = "composo";

export const composoJudgeSettingsSchema = z.object({
  baseURL: baseUrlSchema.optional(),
  apiKey: z.string().min(1, "an API key is required"),
  timeoutMs: requestSettingsShape.timeoutMs,
});

export type ComposoJudgeSettings = z.infer<typeof composoJudgeSettingsSchema>;
