import type { Criterion } from "@/lib/criteria/parse";
import { DEFAULT_CONCURRENCY } from "@/lib/judging/engine/evaluate-transcripts";
import { evaluateAgents } from "@/lib/judging/engine/evaluate-agents";
import type { ConfiguredJudge } from "@/lib/judging/engine/judge-from-env";
import type { AgentResult, EvaluationItem, ResultCache } from "@/lib/judging/engine/types";
import { createLimiter } from "@/lib/judging/engine/limiter";
import { JUDGE_LABELS } from "@/lib/judging/judges/registry";
import { agentJudgeOf } from "@/lib/judging/judges/build-judge";
import type { EvalOptions } from "./args";
import type { CliCriterion } from "./load-criteria";

type Indexed = { index: number; criterion: Criterion };

/** The criteria by scope, each with its position among all the criteria given (the C1, C2 … of the report). */
export function splitByScope(criteria: readonly CliCriterion[]): { call: Indexed[]; agent: Indexed[] } {
  const indexed = criteria.map(({ scope, ...criterion }, index) => ({ index, scope, criterion }));
  return {
    call: indexed.filter((entry) => entry.scope === "call").map(({ index, criterion }) => ({ index, criterion })),
    agent: indexed.filter((entry) => entry.scope === "agent").map(({ index, criterion }) => ({ index, criterion })),
  };
}

/**
 * Agent-level criteria over the items as the call evaluation reads them: `tap` passes each item
 * on and starts judging it as a whole, `results` waits for all of them. Items are read once.
 */
export function agentEvaluation(criteria: readonly Indexed[], options: Pick<EvalOptions, "judge" | "concurrency">, configured: ConfiguredJudge, cache: ResultCache | undefined) {
  const judge = criteria.length ? agentJudgeOf(options.judge, configured.judge) : null;
  const limiter = createLimiter(Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY)));
  const pending: Promise<AgentResult[]>[] = [];
  const settings = { criteria, judge, unsupported: `the ${JUDGE_LABELS[options.judge]} judge cannot judge agent-level criteria (whole transcripts): use --judge checks, openai or anthropic`, judgeSettings: configured.settings, limiter, cache, timeoutMs: configured.timeoutMs };
  return {
    async *tap(items: AsyncIterable<EvaluationItem>): AsyncGenerator<EvaluationItem> {
      let position = 0;
      for await (const item of items) {
        if (criteria.length) pending.push(evaluateAgents(item, position, settings));
        position++;
        yield item;
      }
    },
    async results(): Promise<AgentResult[]> {
      return (await Promise.all(pending)).flat();
    },
  };
}
