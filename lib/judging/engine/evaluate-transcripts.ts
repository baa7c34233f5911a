import type { Criterion } from "@/lib/criteria/parse";
import { prepareCall, stoppedAsError, ViewMemo, type PreparedCall, type SettledJudgeCall } from "@/lib/judging/engine/judge-call";
import { judgeCalls, lookupIn, type JudgementMemo, type ResultLookup } from "@/lib/judging/engine/judge-calls";
import { createLimiter, type Limiter } from "@/lib/judging/engine/limiter";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { ToolCallSite } from "@/lib/transcripts/types";
import { modesFor } from "./modes";
import type { CallResult, EvaluateTranscriptsOptions, EvaluationItem } from "./types";
import { outcomeFields } from "./outcome-fields";

export const DEFAULT_CONCURRENCY = 4;

interface Context extends EvaluateTranscriptsOptions {
  limiter: Limiter;
  lookup?: ResultLookup;
  /** Judgements by cache key, in flight or settled: an identical call is judged once per evaluation. */
  memo: JudgementMemo;
}

/**
 * Judges every call of every item against every criterion in the views `mode` asks for, without
 * a database. Items are read as they come (a file being streamed), and only a bounded number are
 * held at once; results come back in input order: item, call, criterion, then view. Failures are
 * results with status "error", never exceptions.
 */
export async function evaluateTranscripts(options: EvaluateTranscriptsOptions): Promise<CallResult[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const context: Context = { ...options, limiter: createLimiter(concurrency), lookup: options.cache && lookupIn(options.cache), memo: new Map() };
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

/** One item's calls through the engine (judgeCalls): its cache lookups together, a judge of groups asked once for the item. */
async function evaluateItem(context: Context, item: EvaluationItem, position: number): Promise<CallResult[]> {
  const views = new ViewMemo();
  const places: { site: ToolCallSite; criterionIndex: number; criterion: Criterion; mode: ViewMode }[] = [];
  const prepared: PreparedCall[] = [];
  for (const site of item.sites) {
    const hasResponse = site.responseIndex !== null;
    for (const [criterionIndex, criterion] of context.criteria.entries()) {
      for (const mode of modesFor(context.mode ?? "auto", hasResponse)) {
        places.push({ site, criterionIndex, criterion, mode });
        prepared.push(prepareCall({ judge: context.judge, settings: context.judgeSettings, criterion, mode, view: views.get(String(site.ordinal), mode, item.transcript, site), hasResponse }));
      }
    }
  }
  const results: CallResult[] = new Array<CallResult>(prepared.length);
  const { limiter, lookup, memo, timeoutMs, retry, signal } = context;
  await judgeCalls(prepared, {
    lookup,
    memo,
    limiterFor: () => limiter,
    timeoutMs,
    retry,
    signal,
    onSettled: (indices, outcomes) =>
      indices.forEach((index, at) => {
        const { site, criterionIndex, criterion, mode } = places[index];
        const result = toResult(item, position, site, criterionIndex, criterion, mode, stoppedAsError(outcomes[at]));
        results[index] = result;
        context.onResult?.(result);
      }),
  });
  return results;
}


function toResult(item: EvaluationItem, position: number, site: ToolCallSite, criterionIndex: number, criterion: Criterion, mode: ViewMode, outcome: SettledJudgeCall): CallResult {
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
