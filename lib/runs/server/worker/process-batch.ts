import { errorMessage } from "@/lib/judging/engine/errors";
import { cachedOutcome, ViewMemo } from "@/lib/judging/engine/judge-call";
import type { Judge } from "@/lib/judging/judges/types";
import { judgeGroup, judgeItem, prepareItem, type BatchMemo, type JudgeItemContext, type PreparedItem } from "./judge-item";
import { releaseClaims } from "./lease";
import { loadBatch, type WorkItem } from "./load-batch";
import { lookupCache } from "./lookup-cache";
import { failure, type WorkOutcome } from "./outcome";
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

type JudgeEntry = Extract<PreparedItem, { kind: "judge" }>;

/** Judges and records entries of one judge that judges groups, together. */
async function judgeAndRecordGroup(context: BatchContext, judge: Judge, entries: readonly JudgeEntry[], report: BatchReport): Promise<void> {
  const outcomes = await judgeGroup(context, judge, entries).catch((error: unknown) => {
    // As for a single call: recorded as failures, never claimed again forever.
    context.onError(error);
    return entries.map(() => failure("internal", `The worker failed on this evaluation: ${errorMessage(error)}`));
  });
  await record(context, entries.map((entry, index) => ({ item: entry.item, outcome: outcomes[index] })), report);
}

async function judge(context: BatchContext, prepared: JudgeEntry): Promise<WorkOutcome> {
  try {
    return await judgeItem(context, prepared);
  } catch (error) {
    // Recorded as a failure rather than released: a row that always breaks the worker must not be claimed again forever.
    context.onError(error);
    return failure("internal", `The worker failed on this evaluation: ${errorMessage(error)}`);
  }
}

/**
 * Judges and writes a batch of claimed evaluations: their views and cache keys first, then one
 * cache lookup for the whole batch, then the judge for the misses (each judge's limiter bounds
 * the real concurrency; a judge of groups, the built-in checks, gets its misses in one call).
 * Results go to the writer in groups: the settled ones at once, the judged ones as they finish.
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
        prepareItem(context, item, memo).catch((error: unknown): PreparedItem => ({ kind: "settled", item, outcome: failure("internal", `The worker failed on this evaluation: ${errorMessage(error)}`) })),
      ),
    );
    const waiting = prepared.filter((entry) => entry.kind === "judge");
    const keys = waiting.flatMap((entry) => (entry.prepared.key === null ? [] : [entry.prepared.key]));
    const cache = await lookupCache(context.prisma, keys).catch((error: unknown) => {
      // A cache that cannot be read only costs judge calls.
      context.onError(error);
      return new Map<string, unknown>();
    });
    const ready: { item: WorkItem; outcome: WorkOutcome }[] = [];
    const misses: JudgeEntry[] = [];
    const groups = new Map<Judge, JudgeEntry[]>();
    for (const entry of prepared) {
      if (entry.kind === "settled") {
        ready.push(entry);
        continue;
      }
      const hit = entry.prepared.key === null ? null : cachedOutcome(cache.get(entry.prepared.key), entry.prepared.key);
      if (hit) ready.push({ item: entry.item, outcome: { ...hit, judgeId: entry.judge.id } });
      else if (entry.judge.evaluateMany) {
        const group = groups.get(entry.judge);
        if (group) group.push(entry);
        else groups.set(entry.judge, [entry]);
      } else misses.push(entry);
    }
    await Promise.all([
      record(context, ready, report),
      ...[...groups].map(([groupJudge, entries]) => judgeAndRecordGroup(context, groupJudge, entries, report)),
      ...misses.map(async (entry) => record(context, [{ item: entry.item, outcome: await judge(context, entry) }], report)),
    ]);
    return report;
  } finally {
    for (const id of ids) context.inFlight.delete(id);
  }
}
