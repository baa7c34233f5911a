import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { errorMessage } from "@/lib/judging/engine/errors";
import { answerOutcome, judgeInputFor } from "@/lib/judging/engine/engine";
import { judgedCall, judgePrepared, prepareCall, withoutView, type PreparedCall, type ViewMemo } from "@/lib/judging/engine/judge-call";
import type { JudgeLimiters } from "@/lib/judging/engine/limiter";
import type { RetryOptions } from "@/lib/judging/engine/retry";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withTimeout } from "@/lib/judging/engine/timeout";
import type { Judge, JudgeResult } from "@/lib/judging/judges/types";
import { runJudgeSchema, type RunJudgeConfig } from "@/lib/runs/schemas/runs";
import type { JudgeResolver } from "./judge-factory";
import { observed, timeoutFor } from "./judge-options";
import type { WorkItem } from "./load-batch";
import { failure, type SettledOutcome, type WorkOutcome } from "./outcome";

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

/** An item either settled before any judge (bad criterion, no view, judge unavailable) or waiting for the cache, then its judge. */
export type PreparedItem =
  | { kind: "settled"; item: WorkItem; outcome: SettledOutcome }
  | { kind: "judge"; item: WorkItem; judge: Judge; config: RunJudgeConfig; criterion: Criterion; prepared: Extract<PreparedCall, { kind: "judge" }> };

/** Parsed criteria and run settings of a batch: the same few texts and runs recur on every row. */
export interface BatchMemo {
  views: ViewMemo;
  criteria: Map<string, ReturnType<typeof parseCriterion>>;
  configs: Map<string, ReturnType<typeof runJudgeSchema.safeParse>>;
}

/** The item's view, applicability and cache key (lib/judging/engine/judge-call.ts); never throws for the item's own problems. */
export async function prepareItem(context: JudgeItemContext, item: WorkItem, memo: BatchMemo): Promise<PreparedItem> {
  let parsedCriterion = memo.criteria.get(item.criterionText);
  if (!parsedCriterion) memo.criteria.set(item.criterionText, (parsedCriterion = parseCriterion(item.criterionText)));
  if (!parsedCriterion.ok) return { kind: "settled", item, outcome: failure("invalid_criterion", parsedCriterion.message) };
  let config = memo.configs.get(item.runId);
  if (!config) memo.configs.set(item.runId, (config = runJudgeSchema.safeParse(item.judgeSettings)));
  if (!config.success) {
    return { kind: "settled", item, outcome: failure("judge_unavailable", `The run's judge settings are not understood: ${config.error.issues[0]?.message ?? "invalid"}`) };
  }
  const hasResponse = item.site.responseIndex !== null;
  const view = memo.views.get(item.toolCallId, item.mode, item.transcript, item.site);
  if (!view.ok) return { kind: "settled", item, outcome: { ...withoutView(item.mode, hasResponse, view.reason), judgeId: null } };
  let judge: Judge;
  try {
    judge = await context.judges.get(config.data);
  } catch (error) {
    return { kind: "settled", item, outcome: failure("judge_unavailable", `The judge could not be started: ${errorMessage(error)}`) };
  }
  const prepared = prepareCall({ judge, settings: config.data, criterion: parsedCriterion.criterion, mode: item.mode, view, hasResponse });
  if (prepared.kind === "settled") return { kind: "settled", item, outcome: { ...prepared.outcome, judgeId: null } };
  return { kind: "judge", item, judge, config: config.data, criterion: parsedCriterion.criterion, prepared };
}

/** Asks the item's judge (its cache entry was missing). */
export async function judgeItem(context: JudgeItemContext, prepared: Extract<PreparedItem, { kind: "judge" }>): Promise<WorkOutcome> {
  const { judge, item } = prepared;
  const outcome = await judgePrepared(prepared.prepared, {
    judge: observed(judge, item.id, context.onJudgeCall),
    criterion: prepared.criterion,
    limiter: context.limiters.for(judge.id),
    timeoutMs: context.timeoutMs ?? timeoutFor(prepared.config),
    retry: context.retry,
    signal: context.signal,
  });
  return outcome.status === "aborted" ? outcome : { ...outcome, judgeId: judge.id };
}

type JudgeEntry = Extract<PreparedItem, { kind: "judge" }>;

/**
 * Judges items that share a judge which judges groups (Judge.evaluateMany) in one call: one
 * timeout for the group instead of a limiter slot, a timer and retries per call (a judge with no
 * provider has none to wait for, and its failures are not transient). Each call's latency is its
 * share of the group's time. Outcomes in the entries' order.
 */
export async function judgeGroup(context: JudgeItemContext, judge: Judge, entries: readonly JudgeEntry[]): Promise<WorkOutcome[]> {
  const { evaluateMany } = judge;
  if (!evaluateMany) throw new Error(`${judge.id} does not judge groups of calls`);
  for (const entry of entries) context.onJudgeCall?.(entry.item.id);
  const timeoutMs = context.timeoutMs ?? Math.max(...entries.map((entry) => timeoutFor(entry.config)));
  const inputs = entries.map((entry) => judgeInputFor(entry.criterion, entry.prepared.view));
  const started = performance.now();
  let answers: PromiseSettledResult<JudgeResult>[];
  try {
    answers = await withTimeout((signal) => evaluateMany.call(judge, inputs, signal), timeoutMs, context.signal);
  } catch (error) {
    if (context.signal.aborted) return entries.map((): WorkOutcome => ({ status: "aborted" }));
    answers = entries.map(() => ({ status: "rejected", reason: error }));
  }
  const latencyMs = Math.round((performance.now() - started) / Math.max(1, entries.length));
  return entries.map((entry, index): WorkOutcome => {
    const answer = answers.at(index) ?? { status: "rejected", reason: new Error(`${judge.id} gave no answer for this call`) };
    const outcome = answerOutcome(judge.id, answer.status === "fulfilled" ? { ok: true, value: answer.value } : { ok: false, error: answer.reason }, 1, latencyMs);
    return { ...judgedCall(outcome, entry.prepared.key), judgeId: judge.id };
  });
}
