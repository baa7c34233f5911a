import { availableParallelism } from "node:os";
import { env } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "../db/dialect";
import { traceAssemblyOptions } from "../traces/settings";
import { threadedChecksJudge } from "./checks-threads";
import { defaultConcurrency, defaultJudgeFactory } from "./judge-factory";
import { defaultJudgeThreads } from "./judge-threads";
import { startWorker, type RunningWorker } from "./start-worker";

/** A worker on `prisma` with the settings of the environment (CALLBOARD_WORKER_*, traces): what `npm run worker` runs. */
export function startWorkerFromEnv(prisma: PrismaClient): RunningWorker & { judgeThreads: number } {
  const config = env();
  const threads = config.CALLBOARD_WORKER_THREADS ?? defaultJudgeThreads(availableParallelism(), dialectOf(prisma));
  const onError = (error: unknown) => console.error("callboard worker:", error);
  const checks = threads ? threadedChecksJudge(threads, onError) : null;
  const worker = startWorker({
    prisma,
    pollMs: config.CALLBOARD_WORKER_POLL_MS,
    batchSize: config.CALLBOARD_WORKER_BATCH,
    traces: traceAssemblyOptions(),
    ...(checks
      ? {
          judgeFactory: (judgeConfig) => (judgeConfig.kind === "checks" ? checks : defaultJudgeFactory(judgeConfig)),
          // The threads judge whole groups of calls: let a batch's calls reach them together.
          concurrencyFor: (judgeId) => (judgeId === checks.id ? 1024 : defaultConcurrency(judgeId)),
          // A second batch is claimed, loaded and written while the threads judge the first.
          maxInFlight: 2 * config.CALLBOARD_WORKER_BATCH,
        }
      : {}),
  });
  return {
    id: worker.id,
    judgeThreads: threads,
    async stop() {
      await worker.stop();
      await checks?.close();
    },
  };
}
