import type { Criterion } from "@/lib/criteria/parse";
import { cachedOutcome, failedCall, type SettledJudgeCall } from "@/lib/judging/engine/judge-call";
import { judgeTrace, traceCacheKey } from "@/lib/judging/engine/judge-agent";
import type { Limiter } from "@/lib/judging/engine/limiter";
import type { RetryOptions } from "@/lib/judging/engine/retry";
import type { TraceJudge } from "@/lib/judging/judges/agent/types";
import type { AgentResult, EvaluationItem, ResultCache } from "./types";
import { outcomeFields } from "./outcome-fields";

export interface AgentEvaluationOptions {
  /** The agent-level criteria with their position in the full list of criteria. */
  criteria: readonly { index: number; criterion: Criterion }[];
  /** Null when the chosen judge cannot judge whole transcripts: every result is then an error naming it. */
  judge: TraceJudge | null;
  /** Why `judge` is null, for the error results. */
  unsupported?: string;
  judgeSettings?: Record<string, unknown>;
  limiter?: Limiter;
  cache?: ResultCache;
  timeoutMs?: number;
  retry?: Partial<Omit<RetryOptions, "signal">>;
  signal?: AbortSignal;
}

/**
 * One transcript judged as a whole against each agent-level criterion, without a database: the
 * cache key, cache and judge of lib/judging/engine/judge-agent.ts, as the worker uses. Never throws;
 * failures are results with status "error".
 */
export async function evaluateAgents(item: EvaluationItem, position: number, options: AgentEvaluationOptions): Promise<AgentResult[]> {
  const view = { messages: item.transcript.messages, tools: item.transcript.tools };
  return Promise.all(
    options.criteria.map(async ({ index, criterion }) => {
      const outcome = options.judge ? await judgeOne(options.judge, criterion, view, options) : failedCall("unsupported", options.unsupported ?? "this judge cannot judge agent-level criteria");
      return toAgentResult(item, position, index, criterion, outcome);
    }),
  );
}

async function judgeOne(judge: TraceJudge, criterion: Criterion, view: { messages: EvaluationItem["transcript"]["messages"]; tools: EvaluationItem["transcript"]["tools"] }, options: AgentEvaluationOptions): Promise<SettledJudgeCall> {
  const key = traceCacheKey({ judge, settings: options.judgeSettings, criterion, view });
  try {
    const hit = options.cache ? cachedOutcome(await options.cache.get(key), key) : null;
    if (hit) return hit;
  } catch {
    // A cache that cannot be read only costs a judge call.
  }
  const outcome = await judgeTrace(view, key, { judge, criterion, limiter: options.limiter, timeoutMs: options.timeoutMs, retry: options.retry, signal: options.signal });
  return outcome.status === "aborted" ? failedCall("aborted", "the evaluation was stopped") : outcome;
}

function toAgentResult(item: EvaluationItem, position: number, criterionIndex: number, criterion: Criterion, outcome: SettledJudgeCall): AgentResult {
  const base = {
    scope: "agent" as const,
    item: position,
    transcript: item.name,
    ...(item.source ? { source: item.source } : {}),
    criterionIndex,
    criterion: criterion.text,
    scale: criterion.scale,
    attempts: outcome.attempts,
    latencyMs: outcome.latencyMs,
  };
  return { ...base, ...outcomeFields(outcome) };
}
