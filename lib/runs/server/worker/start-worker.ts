import { sleep } from "@/lib/judging/engine/sleep";
import { materialiseBatch, nextRunToMaterialise } from "../materialise-run";
import { assembleQuietTraces } from "@/lib/transcripts/server/traces/assemble-quiet-traces";
import { clientFile } from "@/lib/platform/db/bulk-writer";
import { SNAPSHOT_REST_FACTOR } from "@/lib/runs/results/run-snapshot";
import { takeNextSnapshot } from "../results/run-snapshots";
import { takeArrivals } from "@/lib/monitors/server/take-arrivals";
import { monitorHousekeeping } from "@/lib/monitors/server/housekeeping";
import { startCheckpointer } from "./checkpointer";
import { claimBatch, claimTranscriptBatch } from "./claim";
import { createBatchContext, type WorkerOptions } from "./context";
import { finishIdleRuns } from "./finish-runs";
import { releaseAbandoned, renewClaims } from "./lease";
import { processTranscriptBatch } from "./process-transcript-batch";
import { processBatch } from "./process-batch";
import { holdWorkerConnection } from "./store";
import { markWorkerAlive, markWorkerStopped, newWorkerId } from "./worker-id";

export type { WorkerOptions } from "./context";

export interface RunningWorker {
  id: string;
  /** Abandons in-flight judge calls, gives their claims back and resolves when the loop has ended. */
  stop(): Promise<void>;
}

const ignore = () => {};
/** SQLite's own: a checkpoint once the WAL passes 1,000 pages. */
const DEFAULT_AUTOCHECKPOINT = 1000;
/** How often the worker looks for a running run's snapshot that is due. */
const SNAPSHOT_IDLE_MS = 250;
/** After a snapshot failed, the next waits this long. */
const SNAPSHOT_FAILURE_REST_MS = 10_000;

/**
 * Runs the claim -> judge -> write loop in the background until stopped. All state is in the
 * database, so a worker can start at any time: its first sweep releases what dead workers left
 * running, and several workers can share one database.
 */
export function startWorker(options: WorkerOptions): RunningWorker {
  const { prisma, pollMs = 1000, batchSize = 8, leaseMs = 60_000 } = options;
  const maxBatches = Math.max(1, Math.ceil((options.maxInFlight ?? 32) / batchSize));
  const workerId = options.workerId ?? newWorkerId();
  const controller = new AbortController();
  const context = createBatchContext(options, workerId, controller.signal);
  const batches = new Set<Promise<unknown>>();
  // Sweeping twice per lease lets an abandoned row wait at most 1.5 leases; renewing three times
  // per lease keeps a live worker's claims far from expiry.
  const sweepEveryMs = Math.max(pollMs, leaseMs / 2);
  const renewEveryMs = leaseMs / 3;
  let lastSweep = Number.NEGATIVE_INFINITY;
  let lastRenew = Date.now();
  let lastAssembly = Number.NEGATIVE_INFINITY;
  let lastArrivals = Number.NEGATIVE_INFINITY;
  // True while monitors' inboxes hold more than one step (a backfill): the loop comes back without sleeping.
  let arrivalsWaiting = false;
  // True while quiet traces wait beyond one call's limit: the loop then comes back without sleeping.
  let tracesWaiting = false;
  // Running runs' aggregates, computed here so that the web server need not (run-snapshots.ts);
  // after each, judging goes on for SNAPSHOT_REST_FACTOR times as long.
  let snapshotsRestUntil = Number.NEGATIVE_INFINITY;

  const housekeeping = async () => {
    const now = Date.now();
    if (now - lastRenew >= renewEveryMs) {
      lastRenew = now;
      await renewClaims(prisma, workerId, [...context.inFlight]);
    }
    if (now - lastSweep >= sweepEveryMs) {
      lastSweep = now;
      await releaseAbandoned(prisma, workerId, leaseMs);
      await finishIdleRuns(prisma);
    }
    if (now >= snapshotsRestUntil) {
      // A snapshot is only a cache: failing to keep one must not hold judging up.
      const turn = await takeNextSnapshot(prisma).catch((error: unknown) => {
        context.onError(error);
        return { costMs: SNAPSHOT_FAILURE_REST_MS / SNAPSHOT_REST_FACTOR, finalising: false };
      });
      // A run whose results are all in waits for its final values to be done: no rest before the next.
      snapshotsRestUntil = turn.finalising ? Date.now() : Date.now() + Math.max(SNAPSHOT_IDLE_MS, SNAPSHOT_REST_FACTOR * turn.costMs);
    }
    // One limited call per turn keeps each synchronous write short on a shared event loop.
    if (options.traces && (tracesWaiting || now - lastAssembly >= pollMs)) {
      lastAssembly = now;
      tracesWaiting = (await assembleQuietTraces(prisma, new Date(), options.traces)).more;
    }
    // New transcripts into the monitors' runs; right after an assembly, so a trace is judged in the same turn.
    if (arrivalsWaiting || now - lastArrivals >= pollMs) {
      lastArrivals = now;
      arrivalsWaiting = (await takeArrivals(prisma)).more;
    }
    await monitorHousekeeping(prisma, context.onError);
  };

  // A database that is missing or locked fails every iteration: back off and say so once in a
  // while, instead of flooding the server log every poll.
  let failures = 0;
  const loop = async () => {
    while (!controller.signal.aborted) {
      try {
        await housekeeping();
        // One bounded batch of a large run's rows per turn, so judging starts on its first rows.
        const materialising = await nextRunToMaterialise(prisma);
        if (materialising) await materialiseBatch(prisma, materialising);
        if (batches.size < maxBatches) {
          // Agent-level rows first: one per transcript and agent criterion, few beside a run's calls,
          // so their results do not wait for every call of every run.
          const transcriptIds = await claimTranscriptBatch(prisma, workerId, batchSize);
          const ids = transcriptIds.length ? transcriptIds : await claimBatch(prisma, workerId, batchSize);
          failures = 0;
          if (ids.length) {
            const batch = (transcriptIds.length ? processTranscriptBatch(context, ids) : processBatch(context, ids)).catch(context.onError);
            batches.add(batch);
            void batch.finally(() => batches.delete(batch));
            continue;
          }
        }
        if (tracesWaiting || arrivalsWaiting || materialising) continue;
        await Promise.race([sleep(Math.min(pollMs, renewEveryMs), controller.signal).catch(ignore), ...batches]);
      } catch (error) {
        if (failures % 20 === 0) context.onError(error);
        failures++;
        await sleep(Math.min(30_000, pollMs * 2 ** Math.min(failures, 10)), controller.signal).catch(ignore);
      }
    }
    await Promise.allSettled([...batches]);
  };

  markWorkerAlive(workerId);
  // Held for the worker's life, so its connection and prepared statements are made once.
  const connection = holdWorkerConnection(prisma);
  const sqlite = connection.db;
  // Checkpoints move to their own thread (checkpointer.ts); if it fails, the connection checkpoints again.
  // PostgreSQL checkpoints by itself.
  const checkpointer = sqlite
    ? startCheckpointer(clientFile(prisma), {
        onError: (error) => {
          sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
          context.onError(error);
        },
      })
    : null;
  sqlite?.pragma("wal_autocheckpoint = 0");
  const done = loop().finally(async () => {
    markWorkerStopped(workerId);
    sqlite?.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    await checkpointer?.stop();
    connection.release();
  });
  return {
    id: workerId,
    async stop() {
      controller.abort(new Error("worker stopped"));
      await done;
    },
  };
}
