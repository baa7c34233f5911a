/**
 * `npm run worker`: one evaluation worker process on DATABASE_URL. It claims pending evaluations,
 * judges them and writes the results; start as many as you like (on this machine or others
 * sharing the database): claims keep them from judging the same row twice. SIGINT or SIGTERM
 * gives unfinished claims back and exits. It runs at CALLBOARD_WORKER_NICE (10): pages first.
 */
import { EnvError, workerProcessEnv } from "@/lib/platform/env";
import { createPrisma } from "@/lib/platform/db/client";
import { lowerProcessPriority } from "@/lib/runs/server/worker/priority";
import { startWorkerFromEnv } from "@/lib/runs/server/worker/worker-from-env";

/** Lowers this process's priority (raising it again would need privileges, so failing only warns). */
function yieldCpu(niceness: number) {
  if (!niceness) return;
  try {
    lowerProcessPriority(niceness);
  } catch (error) {
    console.warn(`callboard: worker keeps its priority (CALLBOARD_WORKER_NICE=${niceness}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

function main() {
  const config = workerProcessEnv();
  yieldCpu(config.CALLBOARD_WORKER_NICE);
  const prisma = createPrisma(config.DATABASE_URL, { background: true });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await prisma.$disconnect();
    console.log(`callboard: worker ${worker.id} stopped (${signal})`);
    process.exit(0);
  };
  // Before the worker starts its judging threads: a signal that comes while they start is handled too.
  // (The handlers run from the event loop, once this function has returned and `worker` is set.)
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
  const worker = startWorkerFromEnv(prisma);
  console.log(`callboard: worker ${worker.id} started${worker.judgeThreads ? ` (${worker.judgeThreads} judging thread${worker.judgeThreads === 1 ? "" : "s"})` : ""}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
