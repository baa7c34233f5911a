import { onAbort } from "./on-abort";

/** Caps how many calls run at once; the others wait in order. */
export interface Limiter {
  readonly max: number;
  readonly active: number;
  readonly queued: number;
  /** Runs `fn` when a slot is free; a signal aborted while waiting gives up the place in the queue. */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

interface Waiter {
  start: () => void;
  signal?: AbortSignal;
}

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`A limiter needs at least one slot, got ${max}`);
  let active = 0;
  const queue: Waiter[] = [];

  const release = () => {
    active--;
    while (queue.length) {
      const next = queue.shift();
      if (next && !next.signal?.aborted) {
        active++;
        next.start();
        return;
      }
    }
  };

  const acquire = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (active < max) {
        active++;
        return resolve();
      }
      const abandon = () => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(signal?.reason);
      };
      let forget = () => {};
      const waiter: Waiter = {
        signal,
        start: () => {
          forget();
          resolve();
        },
      };
      if (signal) forget = onAbort(signal, abandon);
      queue.push(waiter);
    });

  return {
    max,
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await acquire(signal);
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}

/** Concurrent calls per judge: the checks judge is local CPU work; a provider gets a gentle default. */
export function defaultConcurrency(judgeId: string): number {
  return judgeId === "checks" ? 8 : 4;
}

/** One limiter per judge id, shared by every run that uses that judge, so two runs cannot double a provider's load. */
export class JudgeLimiters {
  private readonly limiters = new Map<string, Limiter>();

  constructor(private readonly concurrencyFor: (judgeId: string) => number) {}

  for(judgeId: string): Limiter {
    let limiter = this.limiters.get(judgeId);
    if (!limiter) this.limiters.set(judgeId, (limiter = createLimiter(this.concurrencyFor(judgeId))));
    return limiter;
  }
}
