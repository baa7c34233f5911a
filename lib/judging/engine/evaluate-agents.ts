import type { Criterion } from "@/lib/criteria/parse";
import { failedCall, stoppedAsError, type SettledJudgeCall } from "@/lib/judging/engine/judge-call";
import { prepareAgent } from "@/lib/judging/engine/judge-agent";
import { judgeCalls, lookupIn, type Prepared } from "@/lib/judging/engine/judge-calls";
import type { Limiter } from "@/lib/judging/engine/limiter";
import type { RetryOptions } from "@/lib/judging/engine/retry";
import type { AgentJudge } from "@/lib/judging/judges/agent/types";
import type { AgentResult, EvaluationItem, ResultCache } from "./types";
import { outcomeFields } from "./outcome-fields";

export interface AgentEvaluationOptions {
  /** The agent-level criteria with their position in the full list of criteria. */
  criteria: readonly { index: number; criterion: Criterion }[];
  /** Null when the chosen judge cannot judge whole transcripts: every result is then an error naming it. */
  judge: AgentJudge | null;
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
 * One transcript judged as a whole against each agent-level criterion, without a database:
 * through the engine's one path (judgeCalls: cache key, cache, judge), as the worker judges
 * them. Never throws; failures are results with status "error".
 */
export async function evaluateAgents(item: EvaluationItem, position: number, options: AgentEvaluationOptions): Promise<AgentResult[]> {
  const { messages, tools, referenceText } = item.transcript;
  const view = { messages, tools, ...(referenceText ? { referenceText } : {}) };
  const { judge } = options;
  const prepared = options.criteria.map(({ criterion }): Prepared =>
    judge
      ? prepareAgent({ judge, settings: options.judgeSettings, criterion, view })
      : { kind: "settled", outcome: failedCall("unsupported", options.unsupported ?? "this judge cannot judge agent-level criteria") },
  );
  const { limiter, timeoutMs, retry, signal } = options;
  const outcomes = await judgeCalls(prepared, { lookup: options.cache && lookupIn(options.cache), limiterFor: () => limiter, timeoutMs, retry, signal });
  return options.criteria.map(({ index, criterion }, at) => toAgentResult(item, position, index, criterion, stoppedAsError(outcomes[at])));
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
