export { createComposoJudge } from "./judge";
export { composoMessages } from "./messages";
export { COMPOSO_DEFAULT_BASE_URL, COMPOSO_JUDGE_ID, composoJudgeSettingsSchema, type ComposoJudgeSettings } from "./settings";
