import { asRetryable } from "./errors";
import { sleep as defaultSleep } from "./sleep";

export interface RetryOptions {
  /** Attempts in all, the first included; 1 disables retries. */
  maxAttempts: number;
  /** Delay before the first retry; doubles for each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A provider's Retry-After is honoured up to this bound, so one bad header cannot stall a run for hours. */
  maxRetryAfterMs: number;
  /** In [0, 1); injectable so tests are deterministic. */
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
  sleep: defaultSleep,
};

export type RetryOutcome<T> = { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

/**
 * Exponential backoff with "equal jitter": half of the delay is fixed, half random, so that
 * workers hitting the same rate limit do not retry in lockstep yet still back off.
 */
export function backoffDelay(failedAttempts: number, options: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "random">): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * options.random());
}

/** How long to wait before the next attempt after `error`, or null when it must not be retried. */
export function retryDelay(error: unknown, failedAttempts: number, options: RetryOptions): number | null {
  const retryable = asRetryable(error);
  if (!retryable?.retryable || failedAttempts >= options.maxAttempts) return null;
  const backoff = backoffDelay(failedAttempts, options);
  if (retryable.retryAfterMs === undefined) return backoff;
  return Math.min(options.maxRetryAfterMs, Math.max(retryable.retryAfterMs, backoff));
}

/**
 * Calls `fn` until it succeeds, fails with an error that is not retryable, or runs out of
 * attempts. Never throws for `fn`'s errors: the outcome carries the last error and the number
 * of attempts, which the engine records. An abort of `options.signal` ends the waiting early.
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, overrides: Partial<RetryOptions> = {}): Promise<RetryOutcome<T>> {
  const options: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...overrides };
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await fn(attempt), attempts: attempt };
    } catch (error) {
      const delayMs = options.signal?.aborted ? null : retryDelay(error, attempt, options);
      if (delayMs === null) return { ok: false, error, attempts: attempt };
      options.onRetry?.({ attempt, delayMs, error });
      try {
        await options.sleep(delayMs, options.signal);
      } catch {
        return { ok: false, error, attempts: attempt };
      }
    }
  }
}
