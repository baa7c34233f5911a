import { availableParallelism } from "node:os";
import { workerProcessEnv } from "@/lib/platform/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { traceAssemblyOptions } from "@/lib/transcripts/server/traces/settings";
import { threadedChecksJudge } from "@/lib/judging/engine/checks-threads";
import { defaultConcurrency } from "@/lib/judging/engine/limiter";
import { judgeFactoryFromEnv } from "./judge-factory";
import { defaultJudgeThreads } from "./judge-threads";
import { startWorker, type RunningWorker } from "./start-worker";

/** A worker on `prisma` with the settings of the environment (CALLBOARD_WORKER_*, traces): what `npm run worker` runs. */
export function startWorkerFromEnv(prisma: PrismaClient): RunningWorker & { judgeThreads: number } {
  const config = workerProcessEnv();
  const threads = config.CALLBOARD_WORKER_THREADS ?? defaultJudgeThreads(availableParallelism(), sqlDialect(prisma).provider);
  const onError = (error: unknown) => console.error("callboard worker:", error);
  // The built-in judge never runs on the main thread, which would stall claims, leases and writes
  // for as long as one call takes: with 0 threads one thread still judges, while the main thread
  // waits for it as it would for its own judging.
  const checks = threadedChecksJudge({ threads: Math.max(1, threads), onError });
  const worker = startWorker({
    prisma,
    pollMs: config.CALLBOARD_WORKER_POLL_MS,
    batchSize: config.CALLBOARD_WORKER_BATCH,
    traces: traceAssemblyOptions(config),
    judgeFactory: judgeFactoryFromEnv(process.env, { checks: () => checks }),
    // The threads judge whole groups of calls: let a batch's calls reach them together.
    concurrencyFor: (judgeId) => (judgeId === checks.id ? 1024 : defaultConcurrency(judgeId)),
    // With threads asked for, a second batch is claimed, loaded and written while they judge the first.
    ...(threads ? { maxInFlight: 2 * config.CALLBOARD_WORKER_BATCH } : {}),
  });
  return {
    id: worker.id,
    judgeThreads: Math.max(1, threads),
    async stop() {
      await worker.stop();
      await checks.close();
    },
  };
}
