import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import type { Criterion } from "@/lib/criteria/parse";
import { errorMessage } from "@/lib/judging/engine/errors";
import { cachedOutcome } from "@/lib/judging/engine/judge-call";
import { judgeTrace, traceCacheKey } from "@/lib/judging/engine/judge-agent";
import { JUDGE_LABELS } from "@/lib/judging/judges/registry";
import { checksTraceJudge, type TraceJudge } from "@/lib/judging/judges/agent";
import { canJudgeTraces } from "@/lib/judging/judges/agent/types";
import { runJudgeSchema, type RunJudgeConfig } from "@/lib/runs/schemas/runs";
import { timeoutFor } from "@/lib/judging/engine/judge-from-env";
import { loadTranscriptBatch, type TranscriptWorkItem } from "./load-transcript-batch";
import { lookupCache } from "./lookup-cache";
import { failure, type WorkOutcome } from "./outcome";
import { record, release, type BatchContext, type BatchReport } from "./process-batch";

type Prepared = { kind: "settled"; item: TranscriptWorkItem; outcome: WorkOutcome } | { kind: "judge"; item: TranscriptWorkItem; judge: TraceJudge; config: RunJudgeConfig; criterion: Criterion; key: string };

/** The run's judge as a judge of whole transcripts: the built-in agent checks, an LLM judge's evaluateTrace, or null (Composo). */
async function traceJudgeFor(context: BatchContext, config: RunJudgeConfig): Promise<TraceJudge | null> {
  const judge = await context.judges.get(config);
  if (canJudgeTraces(judge)) return judge;
  return config.kind === "checks" ? checksTraceJudge : null;
}

async function prepare(context: BatchContext, item: TranscriptWorkItem): Promise<Prepared> {
  const criterion = parseAgentCriterion(item.criterionText);
  if (!criterion.ok) return { kind: "settled", item, outcome: failure("invalid_criterion", criterion.message) };
  const config = runJudgeSchema.safeParse(item.judgeSettings);
  if (!config.success) return { kind: "settled", item, outcome: failure("judge_unavailable", `The run's judge settings are not understood: ${config.error.issues[0]?.message ?? "invalid"}`) };
  let judge: TraceJudge | null;
  try {
    judge = await traceJudgeFor(context, config.data);
  } catch (error) {
    return { kind: "settled", item, outcome: failure("judge_unavailable", `The judge could not be started: ${errorMessage(error)}`) };
  }
  if (!judge) {
    const label = JUDGE_LABELS[config.data.kind];
    return { kind: "settled", item, outcome: failure("unsupported", `The ${label} judge cannot judge agent-level criteria (whole transcripts); run them with the built-in, OpenAI-compatible or Anthropic judge.`) };
  }
  return { kind: "judge", item, judge, config: config.data, criterion: criterion.criterion, key: traceCacheKey({ judge, settings: config.data, criterion: criterion.criterion, view: item.view }) };
}

async function judge(context: BatchContext, entry: Extract<Prepared, { kind: "judge" }>): Promise<WorkOutcome> {
  context.onJudgeCall?.(entry.item.id);
  const outcome = await judgeTrace(entry.item.view, entry.key, {
    judge: entry.judge,
    criterion: entry.criterion,
    limiter: context.limiters.for(entry.judge.id),
    timeoutMs: context.timeoutMs ?? timeoutFor(entry.config),
    retry: context.retry,
    signal: context.signal,
  });
  return outcome.status === "aborted" ? outcome : { ...outcome, judgeId: entry.judge.id };
}

/**
 * Judges and writes a batch of claimed agent-level rows, as processBatch does for calls: the
 * same cache, judge limiters and claim-guarded writer, so each result is written exactly once.
 */
export async function processTranscriptBatch(context: BatchContext, ids: readonly string[]): Promise<BatchReport> {
  const report: BatchReport = { claimed: ids.length, written: 0, discarded: 0, released: 0 };
  for (const id of ids) context.inFlight.add(id);
  try {
    let items: TranscriptWorkItem[];
    try {
      items = await loadTranscriptBatch(context.prisma, ids);
    } catch (error) {
      context.onError(error);
      await release(context, ids, report);
      return report;
    }
    const prepared = await Promise.all(items.map((item) => prepare(context, item).catch((error: unknown): Prepared => ({ kind: "settled", item, outcome: failure("internal", `The worker failed on this evaluation: ${errorMessage(error)}`) }))));
    const waiting = prepared.filter((entry) => entry.kind === "judge");
    const cache = await lookupCache(context.prisma, waiting.map((entry) => entry.key)).catch((error: unknown) => {
      context.onError(error);
      return new Map<string, unknown>();
    });
    const ready: { item: TranscriptWorkItem; outcome: WorkOutcome }[] = [];
    const misses: Extract<Prepared, { kind: "judge" }>[] = [];
    for (const entry of prepared) {
      if (entry.kind === "settled") {
        ready.push(entry);
        continue;
      }
      const hit = cachedOutcome(cache.get(entry.key), entry.key);
      if (hit) ready.push({ item: entry.item, outcome: { ...hit, judgeId: entry.judge.id } });
      else misses.push(entry);
    }
    await Promise.all([
      record(context, ready, report),
      ...misses.map(async (entry) => {
        const outcome = await judge(context, entry).catch((error: unknown) => {
          context.onError(error);
          return failure("internal", `The worker failed on this evaluation: ${errorMessage(error)}`);
        });
        await record(context, [{ item: entry.item, outcome }], report);
      }),
    ]);
    return report;
  } finally {
    for (const id of ids) context.inFlight.delete(id);
  }
}
