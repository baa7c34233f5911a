import type { Criterion } from "@/lib/criteria/parse";
import type { AgentJudge, TranscriptView } from "@/lib/judging/judges/agent/types";
import type { CallView, Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";
import { errorKind, errorMessage, isRetryable } from "./errors";
import { validateJudgeResult } from "./judge-result";
import type { Limiter } from "./limiter";
import { retry, type RetryOptions } from "./retry";
import { withTimeout } from "./timeout";

export const DEFAULT_TIMEOUT_MS = 60_000;

export interface EvaluateCallOptions {
  judge: Judge;
  criterion: Criterion;
  view: CallView;
  /** The judge's concurrency limit; each attempt takes a slot, backoff waits do not. */
  limiter?: Limiter;
  /** Per attempt. */
  timeoutMs?: number;
  retry?: Partial<Omit<RetryOptions, "signal">>;
  /** Aborted when the worker stops: the call is abandoned, not recorded as failed. */
  signal?: AbortSignal;
  now?: () => number;
}

export type EvaluateCallOutcome =
  | { status: "done" | "not-applicable"; result: JudgeResult; attempts: number; latencyMs: number }
  | { status: "error"; error: string; errorKind: string; retryable: boolean; attempts: number; latencyMs: number }
  | { status: "aborted"; attempts: number };

export function judgeInputFor(criterion: Criterion, view: CallView): JudgeInput {
  return view.mode === "immediate" ? { criterion, view: "immediate", content: view } : { criterion, view: "hindsight", content: view };
}

/**
 * Judges one call against one criterion: bounded by the judge's limiter, each attempt under a
 * timeout, retried with backoff when the judge says the failure is transient. A failure is an
 * outcome to record (message, kind, attempts), never an exception.
 */
export async function evaluateCall(options: EvaluateCallOptions): Promise<EvaluateCallOutcome> {
  const input = judgeInputFor(options.criterion, options.view);
  return judgeWithRetries(options.judge.id, (attemptSignal) => options.judge.evaluate(input, attemptSignal), options);
}

export type EvaluateAgentOptions = Omit<EvaluateCallOptions, "judge" | "view"> & { judge: AgentJudge; view: TranscriptView };

/** Judges a whole transcript against an agent-level criterion, with the same limiter, timeout, retries and validation as a call. */
export async function evaluateAgent(options: EvaluateAgentOptions): Promise<EvaluateCallOutcome> {
  const input = { criterion: options.criterion, content: options.view };
  return judgeWithRetries(options.judge.id, (attemptSignal) => options.judge.evaluateTranscript(input, attemptSignal), options);
}

type JudgeAttempt = (signal: AbortSignal) => Promise<JudgeResult>;

async function judgeWithRetries(judgeId: string, invoke: JudgeAttempt, options: Omit<EvaluateCallOptions, "judge" | "view" | "criterion">): Promise<EvaluateCallOutcome> {
  const { signal, now = Date.now } = options;
  const started = now();
  let attemptMs = 0;

  const attempt = async () => {
    const call = async () => {
      const attemptStarted = now();
      try {
        return await withTimeout(invoke, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal);
      } finally {
        attemptMs = now() - attemptStarted;
      }
    };
    return options.limiter ? options.limiter.run(call, signal) : call();
  };

  const outcome = await retry(attempt, { ...options.retry, signal });
  if (signal?.aborted) return { status: "aborted", attempts: outcome.attempts };
  // Latency is the judge's own time on the answer that counted, not time spent queueing or backing off.
  return answerOutcome(judgeId, outcome, outcome.attempts, outcome.ok ? Math.round(attemptMs) : now() - started);
}

/** What a judge answered (or how it failed) as an outcome to record: an answer is validated before it is stored. */
export function answerOutcome(
  judgeId: string,
  answer: { ok: true; value: unknown } | { ok: false; error: unknown },
  attempts: number,
  latencyMs: number,
): Exclude<EvaluateCallOutcome, { status: "aborted" }> {
  if (!answer.ok) {
    return { status: "error", error: errorMessage(answer.error), errorKind: errorKind(answer.error), retryable: isRetryable(answer.error), attempts, latencyMs };
  }
  const validated = validateJudgeResult(answer.value);
  if (!validated.ok) {
    return { status: "error", error: `${judgeId} returned an invalid result: ${validated.reason}`, errorKind: "bad_output", retryable: false, attempts, latencyMs };
  }
  const result = validated.result;
  return { status: result.applicable ? "done" : "not-applicable", result, attempts, latencyMs };
}
