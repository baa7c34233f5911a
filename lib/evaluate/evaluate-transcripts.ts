import type { Criterion } from "@/lib/criteria/parse";
import { cacheKey } from "@/lib/eval/cache-key";
import { evaluateCall } from "@/lib/eval/engine";
import { errorMessage } from "@/lib/eval/errors";
import { validateJudgeResult } from "@/lib/eval/judge-result";
import { createLimiter, type Limiter } from "@/lib/eval/limiter";
import { viewFor, type ViewResult } from "@/lib/eval/views";
import type { JudgeResult, ViewMode } from "@/lib/judges/types";
import type { ToolCallSite } from "@/lib/transcripts/types";
import { modesFor } from "./modes";
import type { CallResult, EvaluateTranscriptsOptions, EvaluationItem } from "./types";

export const DEFAULT_CONCURRENCY = 4;

type Outcome =
  | { status: "done" | "not-applicable"; result: JudgeResult; cached: boolean; attempts: number; latencyMs: number | null }
  | { status: "error"; error: string; errorKind: string; attempts: number; latencyMs: number | null };

interface Context extends EvaluateTranscriptsOptions {
  limiter: Limiter;
  /** Judgements by cache key, in flight or settled: an identical call is judged once per evaluation. */
  memo: Map<string, Promise<Outcome>>;
}

/**
 * Judges every call of every item against every criterion in the views `mode` asks for, without
 * a database. Items are read as they come (a file being streamed), and only a bounded number are
 * held at once; results come back in input order: item, call, criterion, then view. Failures are
 * results with status "error", never exceptions.
 */
export async function evaluateTranscripts(options: EvaluateTranscriptsOptions): Promise<CallResult[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const context: Context = { ...options, limiter: createLimiter(concurrency), memo: new Map() };
  // Enough items in flight to keep the judge busy; more would only hold transcripts in memory.
  const maxItemsInFlight = concurrency * 2;
  const perItem: CallResult[][] = [];
  const inFlight = new Set<Promise<void>>();
  let index = 0;
  for await (const item of options.items) {
    if (options.signal?.aborted) break;
    const position = index++;
    const task = evaluateItem(context, item, position).then((results) => {
      perItem[position] = results;
    });
    inFlight.add(task);
    task.finally(() => inFlight.delete(task)).catch(() => {});
    if (inFlight.size >= maxItemsInFlight) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return perItem.flat();
}

async function evaluateItem(context: Context, item: EvaluationItem, position: number): Promise<CallResult[]> {
  // One view object per call and mode, shared by the criteria: the checks judge analyses a view once.
  const views = new Map<string, ViewResult>();
  const viewOf = (site: ToolCallSite, mode: ViewMode): ViewResult => {
    const key = `${site.ordinal}|${mode}`;
    let view = views.get(key);
    if (!view) views.set(key, (view = viewFor(mode, item.transcript, site)));
    return view;
  };
  const tasks: Promise<CallResult>[] = [];
  for (const site of item.sites) {
    for (const [criterionIndex, criterion] of context.criteria.entries()) {
      for (const mode of modesFor(context.mode ?? "auto", site.responseIndex !== null)) {
        tasks.push(
          judgeSite(context, viewOf(site, mode), criterion, mode === "hindsight" && site.responseIndex === null).then((outcome) => {
            const result = toResult(item, position, site, criterionIndex, criterion, mode, outcome);
            context.onResult?.(result);
            return result;
          }),
        );
      }
    }
  }
  return Promise.all(tasks);
}

async function judgeSite(context: Context, view: ViewResult, criterion: Criterion, unanswered: boolean): Promise<Outcome> {
  if (!view.ok) {
    // As the worker does: hindsight asked of a call that has no response is not applicable, with the view's reason.
    if (unanswered) {
      return { status: "not-applicable", result: { score: null, passed: null, applicable: false, explanation: view.reason, findings: [] }, cached: false, attempts: 0, latencyMs: null };
    }
    return { status: "error", error: view.reason, errorKind: "invalid_transcript", attempts: 0, latencyMs: null };
  }
  const key = cacheKey({ judgeId: context.judge.id, judgeVersion: context.judge.version, settings: context.judgeSettings, criterionText: criterion.text, view: view.view });
  const earlier = context.memo.get(key);
  if (earlier) {
    const outcome = await earlier;
    return outcome.status === "error" ? outcome : { ...outcome, cached: true, attempts: 0, latencyMs: null };
  }
  const pending = judgeOnce(context, key, view.view, criterion);
  context.memo.set(key, pending);
  return pending;
}

async function judgeOnce(context: Context, key: string, view: Extract<ViewResult, { ok: true }>["view"], criterion: Criterion): Promise<Outcome> {
  try {
    const stored = context.cache ? await context.cache.get(key) : undefined;
    const hit = stored ? validateJudgeResult(stored) : null;
    if (hit?.ok) return { status: hit.result.applicable ? "done" : "not-applicable", result: hit.result, cached: true, attempts: 0, latencyMs: null };
  } catch {
    // A cache that cannot be read only costs a judge call.
  }
  try {
    const outcome = await evaluateCall({
      judge: context.judge,
      criterion,
      view,
      limiter: context.limiter,
      timeoutMs: context.timeoutMs,
      retry: context.retry,
      signal: context.signal,
    });
    if (outcome.status === "aborted") return { status: "error", error: "the evaluation was stopped", errorKind: "aborted", attempts: outcome.attempts, latencyMs: null };
    if (outcome.status === "error") return { status: "error", error: outcome.error, errorKind: outcome.errorKind, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
    return { status: outcome.status, result: outcome.result, cached: false, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
  } catch (error) {
    return { status: "error", error: errorMessage(error), errorKind: "internal", attempts: 0, latencyMs: null };
  }
}

function toResult(item: EvaluationItem, position: number, site: ToolCallSite, criterionIndex: number, criterion: Criterion, mode: ViewMode, outcome: Outcome): CallResult {
  const base = {
    item: position,
    transcript: item.name,
    ...(item.source ? { source: item.source } : {}),
    callOrdinal: site.ordinal,
    callId: site.callId,
    toolName: site.toolName,
    criterionIndex,
    criterion: criterion.text,
    scale: criterion.scale,
    mode,
    attempts: outcome.attempts,
    latencyMs: outcome.latencyMs,
  };
  if (outcome.status === "error") {
    return { ...base, status: "error", score: null, passed: null, explanation: "", findings: [], error: outcome.error, errorKind: outcome.errorKind, cached: false };
  }
  const { result } = outcome;
  return {
    ...base,
    status: outcome.status,
    score: result.score,
    passed: result.passed,
    explanation: result.explanation,
    findings: result.findings,
    ...(result.measuredBy ? { measuredBy: result.measuredBy } : {}),
    cached: outcome.cached,
  };
}
