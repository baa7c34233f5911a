export { createOpenAIJudge } from "./judge";
export { createOpenAIClient } from "./client";
export { OPENAI_DEFAULT_BASE_URL, OPENAI_DEFAULT_MODEL, openaiJudgeId, openaiJudgeSettingsSchema, type OpenAIJudgeSettings } from "./settings";
