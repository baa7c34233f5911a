import { describe, expect, it } from "vitest";
import { JudgeError } from "./errors";
import { withDeadline } from "./deadline";

const mapError = (error: unknown) => error;
const judgeId = "test";

function never(signal: AbortSignal, respectSignal: boolean): Promise<string> {
  return new Promise((_, reject) => {
    if (respectSignal) signal.addEventListener("abort", () => reject(new Error("aborted")));
  });
}

describe("withDeadline", () => {
  it("returns the request's value", async () => {
    await expect(withDeadline({ judgeId, timeoutMs: 100, mapError }, async () => "ok")).resolves.toBe("ok");
  });

  it("raises a timeout even when the request ignores its signal", async () => {
    const started = Date.now();
    const error = await withDeadline({ judgeId, timeoutMs: 50, mapError }, (signal) => never(signal, false)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JudgeError);
    expect((error as JudgeError).kind).toBe("timeout");
    expect((error as JudgeError).message).toBe("test: no answer within 50 ms");
    // Far below the test's own timeout, which is what a deadline that waited for the request would hit.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("aborts the request's signal on timeout", async () => {
    let seen: AbortSignal | undefined;
    await withDeadline({ judgeId, timeoutMs: 30, mapError }, (signal) => ((seen = signal), never(signal, true))).catch(() => undefined);
    expect(seen?.aborted).toBe(true);
  });

  it("rethrows the caller's abort reason", async () => {
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    setTimeout(() => controller.abort(reason), 20);
    await expect(withDeadline({ judgeId, timeoutMs: 1000, signal: controller.signal, mapError }, (signal) => never(signal, false))).rejects.toBe(reason);
  });

  it("maps other errors and passes JudgeErrors through", async () => {
    const mapped = new JudgeError({ kind: "network", message: "down" });
    await expect(withDeadline({ judgeId, timeoutMs: 1000, mapError: () => mapped }, async () => Promise.reject(new TypeError("fetch failed")))).rejects.toBe(mapped);
    const own = new JudgeError({ kind: "server", message: "500" });
    await expect(withDeadline({ judgeId, timeoutMs: 1000, mapError: () => mapped }, async () => Promise.reject(own))).rejects.toBe(own);
  });
});
