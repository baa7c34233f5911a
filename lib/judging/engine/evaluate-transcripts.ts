import type { Criterion } from "@/lib/criteria/parse";
import { cachedOutcome, failedCall, judgePrepared, prepareCall, ViewMemo, type CallToJudge, type PreparedCall, type SettledJudgeCall } from "@/lib/judging/engine/judge-call";
import { createLimiter, type Limiter } from "@/lib/judging/engine/limiter";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { ToolCallSite } from "@/lib/transcripts/types";
import { modesFor } from "./modes";
import type { CallResult, EvaluateTranscriptsOptions, EvaluationItem } from "./types";
import { outcomeFields } from "./outcome-fields";

export const DEFAULT_CONCURRENCY = 4;

type Outcome = SettledJudgeCall;

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
  const views = new ViewMemo();
  const tasks: Promise<CallResult>[] = [];
  for (const site of item.sites) {
    const hasResponse = site.responseIndex !== null;
    for (const [criterionIndex, criterion] of context.criteria.entries()) {
      for (const mode of modesFor(context.mode ?? "auto", hasResponse)) {
        const call: CallToJudge = { judge: context.judge, settings: context.judgeSettings, criterion, mode, view: views.get(String(site.ordinal), mode, item.transcript, site), hasResponse };
        tasks.push(
          judgeSite(context, call).then((outcome) => {
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

async function judgeSite(context: Context, call: CallToJudge): Promise<Outcome> {
  const prepared = prepareCall(call);
  if (prepared.kind === "settled") return prepared.outcome;
  // A judge that is not cached (checks) is cheaper to ask again than to remember.
  if (prepared.key === null) return judgeOnce(context, prepared, call.criterion);
  const earlier = context.memo.get(prepared.key);
  if (earlier) {
    const outcome = await earlier;
    return outcome.status === "error" ? outcome : { ...outcome, cached: true, attempts: 0, latencyMs: null };
  }
  const pending = judgeOnce(context, prepared, call.criterion);
  context.memo.set(prepared.key, pending);
  return pending;
}

async function judgeOnce(context: Context, prepared: Extract<PreparedCall, { kind: "judge" }>, criterion: Criterion): Promise<Outcome> {
  try {
    const hit = context.cache && prepared.key !== null ? cachedOutcome(await context.cache.get(prepared.key), prepared.key) : null;
    if (hit) return hit;
  } catch {
    // A cache that cannot be read only costs a judge call.
  }
  const { judge, limiter, timeoutMs, retry, signal } = context;
  const outcome = await judgePrepared(prepared, { judge, criterion, limiter, timeoutMs, retry, signal });
  return outcome.status === "aborted" ? failedCall("aborted", "the evaluation was stopped") : outcome;
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
  return { ...base, ...outcomeFields(outcome) };
}
