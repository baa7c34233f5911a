import { setMaxListeners } from "node:events";
import { defaultConcurrency, JudgeLimiters } from "@/lib/judging/engine/limiter";
import type { RetryOptions } from "@/lib/judging/engine/retry";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { defaultJudgeFactory, JudgeResolver, type JudgeFactory } from "./judge-factory";
import type { BatchContext } from "./process-batch";
import { ResultWriter } from "./result-writer";
import type { AssemblyOptions } from "@/lib/transcripts/server/traces/assemble-quiet-traces";

export interface WorkerOptions {
  prisma: PrismaClient;
  judgeFactory?: JudgeFactory;
  /** How often an idle worker looks for new work. */
  pollMs?: number;
  /** Evaluations claimed per transaction. */
  batchSize?: number;
  /** Claimed evaluations held at once, across batches. */
  maxInFlight?: number;
  /** A claim not renewed for this long is presumed abandoned and given to another worker. */
  leaseMs?: number;
  /** Per judge attempt. */
  timeoutMs?: number;
  retry?: Partial<Omit<RetryOptions, "signal">>;
  concurrencyFor?: (judgeId: string) => number;
  workerId?: string;
  /** Called each time a judge is really invoked for an evaluation; cache hits never call it. */
  onJudgeCall?: (evaluationId: string) => void;
  onError?: (error: unknown) => void;
  /** Assemble quiet OTLP traces into transcripts on each poll (lib/transcripts/server/traces). */
  traces?: AssemblyOptions;
}

export function createBatchContext(options: WorkerOptions, workerId: string, signal: AbortSignal): BatchContext {
  // Every claimed evaluation listens to the worker's signal (timeouts, limiter queues); dozens
  // of listeners are expected, not a leak.
  setMaxListeners(0, signal);
  return {
    prisma: options.prisma,
    workerId,
    judges: new JudgeResolver(options.judgeFactory ?? defaultJudgeFactory),
    limiters: new JudgeLimiters(options.concurrencyFor ?? defaultConcurrency),
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    signal,
    onJudgeCall: options.onJudgeCall,
    inFlight: new Set(),
    writer: new ResultWriter(options.prisma, workerId),
    onError: options.onError ?? ((error: unknown) => console.error(`callboard worker ${workerId}:`, error)),
  };
}
