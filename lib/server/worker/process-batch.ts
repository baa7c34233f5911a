import { errorMessage } from "@/lib/eval/errors";
import { judgeItem, type JudgeItemContext, type ViewMemo } from "./judge-item";
import { releaseClaim } from "./lease";
import { loadBatch, type WorkItem } from "./load-batch";
import { failure } from "./outcome";
import type { ResultWriter } from "./result-writer";

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

async function settle(context: BatchContext, item: WorkItem, views: ViewMemo, report: BatchReport): Promise<void> {
  try {
    const outcome = await judgeItem(context, item, views);
    if (outcome.status === "aborted") {
      if (await releaseClaim(context.prisma, context.workerId, item.id)) report.released++;
      return;
    }
    if (await context.writer.write({ evaluation: item, outcome })) report.written++;
    else report.discarded++;
  } catch (error) {
    context.onError(error);
    // Recorded as a failure rather than released: a row that always breaks the worker must not
    // be claimed again forever. Only if even that write fails is the claim given back.
    try {
      const outcome = failure("internal", `The worker failed on this evaluation: ${errorMessage(error)}`);
      if (await context.writer.write({ evaluation: item, outcome })) report.written++;
    } catch {
      if (await releaseClaim(context.prisma, context.workerId, item.id).catch(() => false)) report.released++;
    }
  }
}

/** Judges and writes a batch of claimed evaluations concurrently (each judge's limiter bounds the real concurrency). */
export async function processBatch(context: BatchContext, ids: readonly string[]): Promise<BatchReport> {
  const report: BatchReport = { claimed: ids.length, written: 0, discarded: 0, released: 0 };
  for (const id of ids) context.inFlight.add(id);
  try {
    let items: WorkItem[];
    try {
      items = await loadBatch(context.prisma, ids);
    } catch (error) {
      context.onError(error);
      for (const id of ids) if (await releaseClaim(context.prisma, context.workerId, id).catch(() => false)) report.released++;
      return report;
    }
    const views: ViewMemo = new Map();
    await Promise.all(
      items.map(async (item) => {
        try {
          await settle(context, item, views, report);
        } finally {
          context.inFlight.delete(item.id);
        }
      }),
    );
    return report;
  } finally {
    for (const id of ids) context.inFlight.delete(id);
  }
}
