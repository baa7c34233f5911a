import type { Criterion } from "@/lib/criteria/parse";
import type { TraceJudge, TraceView } from "@/lib/judging/judges/agent/types";
import { cacheKey } from "./cache-key";
import { evaluateTrace } from "./engine";
import { errorMessage } from "./errors";
import { failedCall, type JudgeCallOutcome, type JudgeOptions } from "./judge-call";

/**
 * "Judge one transcript" against an agent-level criterion: the cache key and the judge, as
 * judge-call.ts does for one call. A transcript always has a view (itself), so nothing settles
 * before the cache.
 */
export interface TraceToJudge {
  judge: Pick<TraceJudge, "id" | "version">;
  /** What changes the judge's results (model, temperature): part of the cache key. */
  settings?: Record<string, unknown>;
  criterion: Criterion;
  view: TraceView;
}

/** The cache key of a transcript and agent criterion; the scope tag keeps it apart from any call's view. */
export function traceCacheKey(trace: TraceToJudge): string {
  return cacheKey({
    judgeId: trace.judge.id,
    judgeVersion: trace.judge.version,
    settings: trace.settings,
    criterionText: trace.criterion.text,
    view: { scope: "agent", messages: trace.view.messages, tools: trace.view.tools },
  });
}

export type TraceJudgeOptions = Omit<JudgeOptions, "judge"> & { judge: TraceJudge };

/** Asks the judge about a transcript: retries, timeout and validation by the engine; never throws. */
export async function judgeTrace(view: TraceView, key: string, options: TraceJudgeOptions): Promise<JudgeCallOutcome> {
  try {
    const outcome = await evaluateTrace({ ...options, view });
    switch (outcome.status) {
      case "aborted":
        return { status: "aborted" };
      case "error":
        return { status: "error", error: outcome.error, errorKind: outcome.errorKind, cacheKey: key, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
      default:
        return { status: outcome.status, result: outcome.result, cacheKey: key, cached: false, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
    }
  } catch (error) {
    return { ...failedCall("internal", errorMessage(error)), cacheKey: key };
  }
}
