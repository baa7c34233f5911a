import { describe, expect, it, vi } from "vitest";
import { backoffDelay, retry, retryDelay, DEFAULT_RETRY_OPTIONS } from "./retry";

class FakeJudgeError extends Error {
  constructor(
    readonly kind: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(kind);
  }
}

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("backoffDelay", () => {
  it("doubles per failure, caps at maxDelayMs and keeps half of the delay fixed", () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, { ...options, random: () => 0 }))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, { ...options, random: () => 0.999999 }))).toEqual([100, 200, 400, 800, 1000]);
  });
});

describe("retryDelay", () => {
  const options = { ...DEFAULT_RETRY_OPTIONS, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000, random: () => 0 };

  it("honours retryAfterMs when it is longer than the backoff, within maxRetryAfterMs", () => {
    expect(retryDelay(new FakeJudgeError("rate_limit", true, 2500), 1, options)).toBe(2500);
    expect(retryDelay(new FakeJudgeError("rate_limit", true, 10), 1, options)).toBe(50);
    expect(retryDelay(new FakeJudgeError("rate_limit", true, 600_000), 1, options)).toBe(5000);
  });

  it("never retries errors that are not retryable, unclassified errors, or past maxAttempts", () => {
    expect(retryDelay(new FakeJudgeError("auth", false), 1, options)).toBeNull();
    expect(retryDelay(new TypeError("bug"), 1, options)).toBeNull();
    expect(retryDelay(new FakeJudgeError("server", true), options.maxAttempts, options)).toBeNull();
  });
});

describe("retry", () => {
  it("retries rate limits and server errors with growing delays until success", async () => {
    const { waits, sleep } = recorder();
    const errors = [new FakeJudgeError("rate_limit", true, 300), new FakeJudgeError("server", true)];
    const fn = vi.fn(async (attempt: number) => {
      const error = errors.shift();
      if (error) throw error;
      return `ok after ${attempt}`;
    });
    const outcome = await retry(fn, { sleep, random: () => 0, baseDelayMs: 100, maxDelayMs: 1000 });
    expect(outcome).toEqual({ ok: true, value: "ok after 3", attempts: 3 });
    expect(waits).toEqual([300, 100]);
  });

  it("stops at maxAttempts and returns the last error with the attempt count", async () => {
    const { waits, sleep } = recorder();
    const outcome = await retry(
      async (attempt) => {
        throw new FakeJudgeError(`server ${attempt}`, true);
      },
      { sleep, maxAttempts: 3, random: () => 0.5 },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.attempts).toBe(3);
    expect(!outcome.ok && (outcome.error as Error).message).toBe("server 3");
    expect(waits).toHaveLength(2);
  });

  it("gives up at once on an error that is not retryable", async () => {
    const { waits, sleep } = recorder();
    const outcome = await retry(async () => Promise.reject(new FakeJudgeError("bad_request", false)), { sleep });
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(waits).toEqual([]);
  });

  it("stops waiting when the signal aborts during a backoff", async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const fn = vi.fn(async () => Promise.reject(new FakeJudgeError("server", true)));
      const pending = retry(fn, { signal: controller.signal, baseDelayMs: 10_000 });
      await vi.advanceTimersByTimeAsync(1);
      controller.abort();
      await expect(pending).resolves.toMatchObject({ ok: false, attempts: 1 });
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits with real timers when no sleep is injected", async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const pending = retry(async () => {
        calls++;
        if (calls < 2) throw new FakeJudgeError("timeout", true);
        return calls;
      }, { baseDelayMs: 1000, random: () => 0 });
      await vi.advanceTimersByTimeAsync(499);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toEqual({ ok: true, value: 2, attempts: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
