import { env } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { traceAssemblyOptions } from "../traces/settings";
import { startWorker, type RunningWorker } from "./start-worker";

/** A worker on `prisma` with the settings of the environment (CALLBOARD_WORKER_*, traces): what `npm run worker` runs. */
export function startWorkerFromEnv(prisma: PrismaClient): RunningWorker {
  const config = env();
  return startWorker({
    prisma,
    pollMs: config.CALLBOARD_WORKER_POLL_MS,
    batchSize: config.CALLBOARD_WORKER_BATCH,
    traces: traceAssemblyOptions(),
  });
}
