import { parseCriterion } from "@/lib/criteria/parse";
import { cacheKey } from "@/lib/eval/cache-key";
import { evaluateCall } from "@/lib/eval/engine";
import { errorMessage } from "@/lib/eval/errors";
import { validateJudgeResult } from "@/lib/eval/judge-result";
import type { JudgeLimiters } from "@/lib/eval/limiter";
import type { RetryOptions } from "@/lib/eval/retry";
import { viewFor, type ViewResult } from "@/lib/eval/views";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Judge } from "@/lib/judges/types";
import { runJudgeSchema } from "@/lib/zod/runs";
import type { JudgeResolver } from "./judge-factory";
import { observed, timeoutFor } from "./judge-options";
import type { WorkItem } from "./load-batch";
import { failure, type WorkOutcome } from "./outcome";

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

/**
 * Views of a batch, per call and mode. Sharing one view object between the criteria of a call
 * lets a judge that memoises its analysis per view (checks does) analyse the call once.
 */
export type ViewMemo = Map<string, ViewResult>;

function memoisedView(views: ViewMemo, item: WorkItem): ViewResult {
  const key = `${item.toolCallId}|${item.mode}`;
  let view = views.get(key);
  if (!view) views.set(key, (view = viewFor(item.mode, item.transcript, item.site)));
  return view;
}

/** Judges one claimed evaluation, or finds its result in the cache; never throws for the item's own problems. */
export async function judgeItem(context: JudgeItemContext, item: WorkItem, views: ViewMemo = new Map()): Promise<WorkOutcome> {
  const parsedCriterion = parseCriterion(item.criterionText);
  if (!parsedCriterion.ok) return failure("invalid_criterion", parsedCriterion.message);
  const config = runJudgeSchema.safeParse(item.judgeSettings);
  if (!config.success) return failure("judge_unavailable", `The run's judge settings are not understood: ${config.error.issues[0]?.message ?? "invalid"}`);

  const view = memoisedView(views, item);
  if (!view.ok) {
    if (item.mode === "hindsight" && item.site.responseIndex === null) {
      const result = { score: null, passed: null, applicable: false, explanation: view.reason, findings: [] };
      return { status: "not-applicable", result, judgeId: null, cacheKey: null, cached: false, attempts: 0, latencyMs: null };
    }
    return failure("invalid_transcript", view.reason);
  }

  let judge: Judge;
  try {
    judge = await context.judges.get(config.data);
  } catch (error) {
    return failure("judge_unavailable", `The judge could not be started: ${errorMessage(error)}`);
  }

  const key = cacheKey({ judgeId: judge.id, judgeVersion: judge.version, settings: config.data, criterionText: parsedCriterion.criterion.text, view: view.view });
  const entry = await context.prisma.judgeCache.findUnique({ where: { key }, select: { result: true } });
  const hit = entry ? validateJudgeResult(entry.result) : null;
  if (hit?.ok) {
    const status = hit.result.applicable ? "done" : "not-applicable";
    return { status, result: hit.result, judgeId: judge.id, cacheKey: key, cached: true, attempts: 0, latencyMs: null };
  }

  const outcome = await evaluateCall({
    judge: observed(judge, item.id, context.onJudgeCall),
    criterion: parsedCriterion.criterion,
    view: view.view,
    limiter: context.limiters.for(judge.id),
    timeoutMs: context.timeoutMs ?? timeoutFor(config.data),
    retry: context.retry,
    signal: context.signal,
  });
  switch (outcome.status) {
    case "aborted":
      return { status: "aborted" };
    case "error":
      return { status: "error", error: outcome.error, errorKind: outcome.errorKind, judgeId: judge.id, cacheKey: key, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
    default:
      return { status: outcome.status, result: outcome.result, judgeId: judge.id, cacheKey: key, cached: false, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
  }
}
