import { onAbort } from "./on-abort";

/** A judge call that took longer than allowed. Retryable: a slow provider is usually a busy one. */
export class TimeoutError extends Error {
  override name = "TimeoutError";
  readonly kind = "timeout";
  readonly retryable = true;

  constructor(readonly timeoutMs: number) {
    super(`The judge did not answer within ${timeoutMs} ms`);
  }
}

/**
 * Runs `fn` with a signal that aborts after `timeoutMs` or when `parent` aborts. The returned
 * promise settles at that moment even if `fn` ignores its signal, so a stuck judge can never
 * hold a worker slot forever. A timeout of 0 or Infinity means no timeout.
 */
export function withTimeout<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs: number, parent?: AbortSignal): Promise<T> {
  if (parent?.aborted) return Promise.reject(parent.reason);
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let forgetParent = () => {};
    const cleanup = () => {
      clearTimeout(timer);
      forgetParent();
    };
    const fail = (reason: unknown) => {
      cleanup();
      controller.abort(reason);
      reject(reason);
    };
    const onParentAbort = () => fail(parent?.reason);
    if (parent) forgetParent = onAbort(parent, onParentAbort);
    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) timer = setTimeout(() => fail(new TimeoutError(timeoutMs)), timeoutMs);
    let pending: Promise<T>;
    try {
      pending = fn(controller.signal);
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}
