import { materialiseBatch, nextRunToMaterialise } from "../materialise-run";
import { takeArrivals } from "@/lib/monitors/server/take-arrivals";
import { claimBatch, claimTranscriptBatch } from "./claim";
import { createBatchContext, type WorkerOptions } from "./context";
import { finishIdleRuns } from "./finish-runs";
import { releaseAbandoned, renewClaims } from "./lease";
import { processTranscriptBatch } from "./process-transcript-batch";
import { processBatch, type BatchReport } from "./process-batch";
import { holdWorkerConnection } from "./store";
import { markWorkerAlive, markWorkerStopped, newWorkerId } from "./worker-id";

/**
 * Works through the queue one batch at a time until nothing is pending, then returns what it
 * did. The same protocol as the background worker without its timing, for scripts and tests.
 */
export async function runUntilIdle(options: WorkerOptions & { signal?: AbortSignal }): Promise<BatchReport> {
  const workerId = options.workerId ?? newWorkerId();
  const context = createBatchContext(options, workerId, options.signal ?? new AbortController().signal);
  const total: BatchReport = { claimed: 0, written: 0, discarded: 0, released: 0 };
  const leaseMs = options.leaseMs ?? 60_000;
  // Slow judges can keep one batch busy for longer than a lease: keep its claims fresh.
  const heartbeat = setInterval(() => void renewClaims(options.prisma, workerId, [...context.inFlight]).catch(context.onError), leaseMs / 3);
  heartbeat.unref();
  markWorkerAlive(workerId);
  const connection = holdWorkerConnection(options.prisma);
  try {
    await releaseAbandoned(options.prisma, workerId, leaseMs);
    while (!context.signal.aborted) {
      const arrivals = await takeArrivals(options.prisma);
      const materialising = await nextRunToMaterialise(options.prisma);
      if (materialising) await materialiseBatch(options.prisma, materialising);
      const transcriptIds = await claimTranscriptBatch(options.prisma, workerId, options.batchSize ?? 8);
      const ids = transcriptIds.length ? transcriptIds : await claimBatch(options.prisma, workerId, options.batchSize ?? 8);
      if (!ids.length) {
        if (materialising || arrivals.more) continue;
        break;
      }
      const report = transcriptIds.length ? await processTranscriptBatch(context, ids) : await processBatch(context, ids);
      for (const key of Object.keys(total) as (keyof BatchReport)[]) total[key] += report[key];
    }
    await finishIdleRuns(options.prisma);
    return total;
  } finally {
    clearInterval(heartbeat);
    markWorkerStopped(workerId);
    connection.release();
  }
}
