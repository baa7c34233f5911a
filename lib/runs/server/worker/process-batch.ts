import { errorMessage } from "@/lib/judging/engine/errors";
import { failedCall, ViewMemo, type PreparedCall } from "@/lib/judging/engine/judge-call";
import { judgeCalls, type JudgeCallsOptions, type Prepared } from "@/lib/judging/engine/judge-calls";
import { prepareItem, workOutcome, type BatchMemo, type JudgeItemContext } from "./judge-item";
import { releaseClaims } from "./lease";
import { loadBatch, type WorkItem } from "./load-batch";
import { lookupCache } from "./lookup-cache";
import type { WorkOutcome } from "./outcome";
import type { ResultWriter } from "./result-writer";
import type { ResultToWrite } from "./write-result";

export interface BatchContext extends JudgeItemContext {
  workerId: string;
  /** Claims this worker holds right now; the heartbeat renews exactly these. */
  inFlight: Set<string>;
  writer: ResultWriter;
  onError: (error: unknown) => void;
}

export interface BatchReport {
  claimed: number;
  /** Results written under this worker's claim. */
  written: number;
  /** Results refused because the claim had been released meanwhile. */
  discarded: number;
  /** Claims given back unjudged (the worker is stopping, or the database failed). */
  released: number;
}

export async function release(context: BatchContext, ids: readonly string[], report: BatchReport): Promise<void> {
  report.released += await releaseClaims(context.prisma, context.workerId, ids).catch(() => 0);
}

/** Writes settled outcomes under this worker's claim and gives aborted ones back; `item` is a call's or a transcript's claimed row. */
export async function record(context: BatchContext, entries: { item: ResultToWrite["evaluation"]; outcome: WorkOutcome }[], report: BatchReport): Promise<void> {
  const settled = entries.flatMap(({ item, outcome }) => (outcome.status === "aborted" ? [] : [{ evaluation: item, outcome }]));
  const aborted = entries.filter(({ outcome }) => outcome.status === "aborted").map(({ item }) => item.id);
  try {
    const written = await context.writer.writeMany(settled);
    for (const ok of written) {
      if (ok) report.written++;
      else report.discarded++;
    }
  } catch (error) {
    context.onError(error);
    await release(context, settled.map((entry) => entry.evaluation.id), report);
  } finally {
    for (const { item } of entries) context.inFlight.delete(item.id);
  }
  await release(context, aborted, report);
}

/**
 * What the worker gives the engine for a batch of claimed rows (calls or transcripts): the
 * database's judge cache, the judges' limiters, and the writer as where outcomes go, each
 * group written as it settles.
 */
export function engineOptions(context: BatchContext, items: readonly ResultToWrite["evaluation"][], prepared: readonly Prepared[], report: BatchReport): JudgeCallsOptions {
  const { onJudgeCall } = context;
  return {
    lookup: (keys) =>
      lookupCache(context.prisma, keys).catch((error: unknown) => {
        // A cache that cannot be read only costs judge calls.
        context.onError(error);
        return new Map<string, unknown>();
      }),
    limiterFor: (judge) => context.limiters.for(judge.id),
    retry: context.retry,
    signal: context.signal,
    ...(onJudgeCall ? { onJudgeCall: (index: number) => onJudgeCall(items[index].id) } : {}),
    onSettled: (indices, outcomes) => record(context, indices.map((index, at) => ({ item: items[index], outcome: workOutcome(prepared[index], outcomes[at]) })), report),
  };
}

/**
 * Judges and writes a batch of claimed evaluations through the engine (judgeCalls): their views
 * and cache keys first, then one cache lookup for the whole batch, then the judge for the misses
 * (each judge's limiter bounds the real concurrency; a judge of groups, the built-in checks, gets
 * its misses in one call). Results go to the writer in groups as the engine settles them: the
 * settled ones at once, the judged ones as they finish.
 */
export async function processBatch(context: BatchContext, ids: readonly string[]): Promise<BatchReport> {
  const report: BatchReport = { claimed: ids.length, written: 0, discarded: 0, released: 0 };
  for (const id of ids) context.inFlight.add(id);
  try {
    let items: WorkItem[];
    try {
      items = await loadBatch(context.prisma, ids);
    } catch (error) {
      context.onError(error);
      await release(context, ids, report);
      return report;
    }
    const memo: BatchMemo = { views: new ViewMemo(), criteria: new Map(), configs: new Map() };
    const prepared = await Promise.all(
      items.map((item) =>
        prepareItem(context, item, memo).catch((error: unknown): PreparedCall => ({ kind: "settled", outcome: failedCall("internal", `The worker failed on this evaluation: ${errorMessage(error)}`) })),
      ),
    );
    await judgeCalls(prepared, engineOptions(context, items, prepared, report));
    return report;
  } finally {
    for (const id of ids) context.inFlight.delete(id);
  }
}
