import { getPrisma } from "@/lib/server/db/client";
import { traceAssemblyOptions } from "../traces/settings";
import { startWorker, type RunningWorker } from "./start-worker";

// Next dev can run register() again in the same process; one worker per process is enough.
const holder = globalThis as typeof globalThis & { __callboardWorker?: RunningWorker };

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** The worker of the Next.js server process, on the app's database; started from instrumentation.ts. */
export function startServerWorker(): RunningWorker {
  holder.__callboardWorker ??= startWorker({
    prisma: getPrisma(),
    pollMs: positiveInt(process.env.CALLBOARD_WORKER_POLL_MS, 1000),
    batchSize: positiveInt(process.env.CALLBOARD_WORKER_BATCH, 8),
    traces: traceAssemblyOptions(),
  });
  return holder.__callboardWorker;
}

export async function stopServerWorker(): Promise<void> {
  const worker = holder.__callboardWorker;
  holder.__callboardWorker = undefined;
  await worker?.stop();
}
