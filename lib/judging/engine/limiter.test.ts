import { describe, expect, it } from "vitest";
import { createLimiter, JudgeLimiters } from "./limiter";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createLimiter", () => {
  it("never runs more than max tasks at once and starts the others in order", async () => {
    const limiter = createLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const tasks = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        peak = Math.max(peak, ++running);
        await gate.promise;
        running--;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.queued).toBe(2);
    gates[1].resolve();
    await tasks[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((gate) => gate.resolve());
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => "next")).toBe("next");
  });

  it("drops a waiter whose signal aborts, without running it", async () => {
    const limiter = createLimiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const second = limiter.run(async () => void (ran = true), controller.signal);
    controller.abort(new Error("stopped"));
    await expect(second).rejects.toThrow("stopped");
    expect(limiter.queued).toBe(0);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(limiter.active).toBe(0);
  });

  it("rejects a limit below one", () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});

describe("JudgeLimiters", () => {
  it("shares one limiter per judge id with that judge's concurrency", () => {
    const limiters = new JudgeLimiters((judgeId) => (judgeId === "checks" ? 8 : 2));
    expect(limiters.for("checks").max).toBe(8);
    expect(limiters.for("openai:gpt-4.1-mini").max).toBe(2);
    expect(limiters.for("checks")).toBe(limiters.for("checks"));
  });
});
