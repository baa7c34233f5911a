import { DEFAULT_TIMEOUT_MS } from "@/lib/judging/engine/engine";
import { createJudge, JUDGE_LABELS, judgeConfigFromEnv, publicJudgeConfig, type JudgeEnv, type JudgeKind } from "@/lib/judging/judges/registry";
import type { Judge } from "@/lib/judging/judges/types";
import { runJudgeSchema, type RunJudgeConfig } from "@/lib/runs/schemas/runs";

export interface ConfiguredJudge {
  judge: Judge;
  /** The judge's settings without secrets: what a saved run records and what the cache key uses. */
  settings: RunJudgeConfig;
  /** Per attempt, above the judge's own request timeout so the engine never cuts a request short. */
  timeoutMs: number;
}

export type JudgeSetup = { ok: true; value: ConfiguredJudge } | { ok: false; reason: string };

/** Per attempt: a network judge enforces its own per-request timeout, which the engine's must not cut short. */
export function timeoutFor(settings: RunJudgeConfig): number {
  return "timeoutMs" in settings && settings.timeoutMs ? settings.timeoutMs + 5_000 : DEFAULT_TIMEOUT_MS;
}

/** A judge of this kind built from the environment (API keys, model, base URL), or what is missing for it. */
export function judgeFromEnv(kind: JudgeKind, env: JudgeEnv): JudgeSetup {
  const config = judgeConfigFromEnv(kind, env);
  if (!config.ok) return { ok: false, reason: `the ${JUDGE_LABELS[kind]} judge is not configured: ${config.reason}` };
  const settings = runJudgeSchema.parse(publicJudgeConfig(config.config));
  try {
    return { ok: true, value: { judge: createJudge(config.config), settings, timeoutMs: timeoutFor(settings) } };
  } catch (error) {
    return { ok: false, reason: `the ${JUDGE_LABELS[kind]} judge could not be started: ${error instanceof Error ? error.message : String(error)}` };
  }
}
