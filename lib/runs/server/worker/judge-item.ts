import { parseCriterion } from "@/lib/criteria/parse";
import { errorMessage } from "@/lib/judging/engine/errors";
import { failedCall, prepareCall, withoutView, type JudgeCallOutcome, type PreparedCall, type SettledJudgeCall, type ViewMemo } from "@/lib/judging/engine/judge-call";
import type { Prepared } from "@/lib/judging/engine/judge-calls";
import { timeoutFor } from "@/lib/judging/engine/judge-from-env";
import type { JudgeLimiters } from "@/lib/judging/engine/limiter";
import type { RetryOptions } from "@/lib/judging/engine/retry";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Judge } from "@/lib/judging/judges/types";
import { runJudgeSchema } from "@/lib/runs/schemas/runs";
import type { JudgeResolver } from "./judge-factory";
import type { WorkItem } from "./load-batch";
import type { WorkOutcome } from "./outcome";

export interface JudgeItemContext {
  prisma: PrismaClient;
  judges: JudgeResolver;
  limiters: JudgeLimiters;
  timeoutMs?: number;
  retry?: Partial<Omit<RetryOptions, "signal">>;
  signal: AbortSignal;
  /** Called each time a judge is really invoked for an evaluation (never for cache hits). */
  onJudgeCall?: (evaluationId: string) => void;
}

/** Parsed criteria and run settings of a batch: the same few texts and runs recur on every row. */
export interface BatchMemo {
  views: ViewMemo;
  criteria: Map<string, ReturnType<typeof parseCriterion>>;
  configs: Map<string, ReturnType<typeof runJudgeSchema.safeParse>>;
}

const settled = (outcome: SettledJudgeCall): PreparedCall => ({ kind: "settled", outcome });

/**
 * The item as the engine takes it (lib/judging/engine/judge-call.ts): settled before any judge
 * (bad criterion, no view, judge unavailable) or its judge, view and cache key. Never throws for
 * the item's own problems.
 */
export async function prepareItem(context: JudgeItemContext, item: WorkItem, memo: BatchMemo): Promise<PreparedCall> {
  let parsedCriterion = memo.criteria.get(item.criterionText);
  if (!parsedCriterion) memo.criteria.set(item.criterionText, (parsedCriterion = parseCriterion(item.criterionText)));
  if (!parsedCriterion.ok) return settled(failedCall("invalid_criterion", parsedCriterion.message));
  let config = memo.configs.get(item.runId);
  if (!config) memo.configs.set(item.runId, (config = runJudgeSchema.safeParse(item.judgeSettings)));
  if (!config.success) return settled(failedCall("judge_unavailable", `The run's judge settings are not understood: ${config.error.issues[0]?.message ?? "invalid"}`));
  const hasResponse = item.site.responseIndex !== null;
  const view = memo.views.get(item.toolCallId, item.mode, item.transcript, item.site);
  if (!view.ok) return settled(withoutView(item.mode, hasResponse, view.reason));
  let judge: Judge;
  try {
    judge = await context.judges.get(config.data);
  } catch (error) {
    return settled(failedCall("judge_unavailable", `The judge could not be started: ${errorMessage(error)}`));
  }
  return prepareCall({ judge, settings: config.data, criterion: parsedCriterion.criterion, mode: item.mode, view, hasResponse, timeoutMs: context.timeoutMs ?? timeoutFor(config.data) });
}

/** What the worker writes for an engine outcome: with the judge that gave it (none when none was asked), or a stopping worker's give-back. */
export function workOutcome(prepared: Prepared, outcome: JudgeCallOutcome): WorkOutcome {
  if (outcome.status === "aborted") return outcome;
  return { ...outcome, judgeId: prepared.kind === "settled" ? null : prepared.judge.id };
}
