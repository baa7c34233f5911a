import { DEFAULT_TIMEOUT_MS } from "@/lib/judging/engine/engine";
import { buildJudge, type BuildOptions } from "@/lib/judging/judges/build-judge";
import { JUDGE_LABELS, publicJudgeConfig, type JudgeEnv, type JudgeKind } from "@/lib/judging/judges/registry";
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
export function judgeFromEnv(kind: JudgeKind, env: JudgeEnv, options?: BuildOptions): JudgeSetup {
  const built = buildJudge(kind, env, options);
  if (!built.ok) {
    return { ok: false, reason: `the ${JUDGE_LABELS[kind]} judge ${built.problem === "not-configured" ? "is not configured" : "could not be started"}: ${built.reason}` };
  }
  const settings = runJudgeSchema.parse(publicJudgeConfig(built.config));
  return { ok: true, value: { judge: built.judge, settings, timeoutMs: timeoutFor(settings) } };
}
