import { DEFAULT_TIMEOUT_MS } from "@/lib/judging/engine/engine";
import type { Judge } from "@/lib/judging/judges/types";
import type { RunJudgeConfig } from "@/lib/runs/schemas/runs";

// A network judge enforces its own per-request timeout; the engine's must not cut it short.
export function timeoutFor(config: RunJudgeConfig): number {
  return "timeoutMs" in config && config.timeoutMs ? config.timeoutMs + 5_000 : DEFAULT_TIMEOUT_MS;
}

/** The judge, reporting each real call (never a cache hit) for the evaluation it serves. */
export function observed(judge: Judge, evaluationId: string, onJudgeCall?: (evaluationId: string) => void): Judge {
  if (!onJudgeCall) return judge;
  // The version rides along: it joins the cache key, so results cached before an upgrade stop matching.
  return {
    id: judge.id,
    version: judge.version,
    evaluate: (input, signal) => {
      onJudgeCall(evaluationId);
      return judge.evaluate(input, signal);
    },
  };
}
