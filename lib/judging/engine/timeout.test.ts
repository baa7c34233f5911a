import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeoutError, withTimeout } from "./timeout";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("withTimeout", () => {
  it("returns the value when the call answers in time", async () => {
    const pending = withTimeout(async () => "answer", 1000);
    await expect(pending).resolves.toBe("answer");
  });

  it("aborts the call's signal and rejects with a retryable TimeoutError, even if the call ignores the signal", async () => {
    let seen: AbortSignal | undefined;
    const pending = withTimeout((signal) => {
      seen = signal;
      return new Promise<never>(() => {});
    }, 1000);
    const assertion = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    expect(seen?.aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ kind: "timeout", retryable: true, timeoutMs: 1000 });
  });

  it("follows the parent signal", async () => {
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = withTimeout((signal) => {
      seen = signal;
      return new Promise<never>(() => {});
    }, 60_000, parent.signal);
    parent.abort(new Error("worker stopping"));
    await expect(pending).rejects.toThrow("worker stopping");
    expect(seen?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("clears its timer once the call settles", async () => {
    await expect(withTimeout(async () => Promise.reject(new Error("judge failed")), 1000)).rejects.toThrow("judge failed");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("turns a synchronous throw into a rejection", async () => {
    await expect(
      withTimeout(() => {
        throw new Error("sync");
      }, 0),
    ).rejects.toThrow("sync");
  });
});
