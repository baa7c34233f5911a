import { JudgeError } from "./errors";
import { timeoutError } from "./http-errors";

export const DEFAULT_TIMEOUT_MS = 60_000;

export interface DeadlineOptions {
  judgeId: string;
  timeoutMs: number;
  /** The caller's signal: when it aborts, the request stops and its reason is rethrown as is. */
  signal?: AbortSignal;
  /**
   * Turns what the request threw (SDK error, fetch TypeError) into a JudgeError; anything it
   * does not recognise (a bug) it returns unchanged, so it surfaces as what it is.
   */
  mapError: (error: unknown) => unknown;
}

/**
 * Runs one request under a per-request timeout and the caller's AbortSignal. The request gets a
 * signal that aborts on either; the returned promise settles on time even if the request ignores
 * its signal (an SDK waiting on a stalled response body, say).
 *
 * A caller's abort is not a judge failure: it rejects with `signal.reason` (an AbortError by
 * default) so the engine can tell cancellation from errors worth retrying.
 */
export async function withDeadline<T>(options: DeadlineOptions, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { judgeId, timeoutMs, signal: outer, mapError } = options;
  outer?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  let rejectEarly: (reason: unknown) => void = () => {};
  const early = new Promise<never>((_, reject) => (rejectEarly = reject));
  const timer = setTimeout(() => {
    timedOut = true;
    const error = timeoutError(judgeId, timeoutMs);
    controller.abort(error);
    rejectEarly(error);
  }, timeoutMs);
  const onAbort = () => {
    controller.abort(outer?.reason);
    rejectEarly(outer?.reason);
  };
  outer?.addEventListener("abort", onAbort, { once: true });
  try {
    const pending = request(controller.signal);
    // The loser of the race rejects later; nobody awaits it, so keep it from being "unhandled".
    pending.catch(() => {});
    return await Promise.race([pending, early]);
  } catch (error) {
    if (outer?.aborted) throw outer.reason;
    if (timedOut) throw timeoutError(judgeId, timeoutMs);
    if (error instanceof JudgeError) throw error;
    throw mapError(error);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }
}
