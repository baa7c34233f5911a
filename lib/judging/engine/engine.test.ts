import { describe, expect, it, vi } from "vitest";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import type { CallView, Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalTranscript } from "@/lib/transcripts/types";
import { evaluateCall, judgeInputFor } from "./engine";
import { createLimiter } from "./limiter";
import { viewFor } from "./views";

const transcript: CanonicalTranscript = {
  messages: [
    { role: "user", content: "What is the weather in Paris?" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
    { role: "tool", tool_call_id: "c1", content: '{"temp": 18}' },
    { role: "assistant", content: "It is 18 °C in Paris." },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }],
  metadata: {},
};

function criterion(text: string): Criterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

function view(mode: "immediate" | "hindsight"): CallView {
  const result = viewFor(mode, transcript, extractToolCallSites(transcript)[0]);
  if (!result.ok) throw new Error(result.reason);
  return result.view;
}

const passing: JudgeResult = { score: 1, passed: true, applicable: true, explanation: "fine", findings: [], usage: { costUsd: 0.001 } };
const binary = criterion("Tool call passes if the selected tool fits the request");
const noRetryWaits = { sleep: async () => {}, random: () => 0 };

class TransientError extends Error {
  readonly retryable = true;
  readonly kind = "rate_limit";
}

function judgeFrom(evaluate: (input: JudgeInput, signal?: AbortSignal) => Promise<JudgeResult>): Judge {
  return { id: "fake", evaluate: vi.fn(evaluate) };
}

describe("judgeInputFor", () => {
  it("labels the input with the view's mode", () => {
    expect(judgeInputFor(binary, view("hindsight"))).toMatchObject({ view: "hindsight", content: { mode: "hindsight" } });
    expect(judgeInputFor(binary, view("immediate"))).toMatchObject({ view: "immediate", content: { mode: "immediate" } });
  });
});

describe("evaluateCall", () => {
  it("returns the judge's result with one attempt and the judge's latency", async () => {
    let clock = 0;
    const judge = judgeFrom(async () => {
      clock += 25;
      return passing;
    });
    const outcome = await evaluateCall({ judge, criterion: binary, view: view("immediate"), now: () => clock });
    expect(outcome).toEqual({ status: "done", result: passing, attempts: 1, latencyMs: 25 });
  });

  it("runs the built-in checks judge", async () => {
    const outcome = await evaluateCall({ judge: createChecksJudge(), criterion: binary, view: view("hindsight") });
    expect(outcome.status).toMatch(/^(done|not-applicable)$/);
    if (outcome.status === "done") expect(outcome.result.passed).toBe(true);
  });

  it("marks a result the judge calls not applicable", async () => {
    const judge = judgeFrom(async () => ({ score: null, passed: null, applicable: false, explanation: "no check measures this", findings: [] }));
    const outcome = await evaluateCall({ judge, criterion: binary, view: view("immediate") });
    expect(outcome).toMatchObject({ status: "not-applicable", attempts: 1, result: { explanation: "no check measures this" } });
  });

  it("retries a transient failure and counts the attempts", async () => {
    let calls = 0;
    const judge = judgeFrom(async () => {
      if (++calls === 1) throw new TransientError("429 Too Many Requests");
      return passing;
    });
    const outcome = await evaluateCall({ judge, criterion: binary, view: view("immediate"), retry: noRetryWaits });
    expect(outcome).toMatchObject({ status: "done", attempts: 2 });
  });

  it("records a permanent failure with its message, kind and a single attempt", async () => {
    const judge = judgeFrom(async () => Promise.reject(Object.assign(new Error("invalid api key"), { kind: "auth", retryable: false })));
    const outcome = await evaluateCall({ judge, criterion: binary, view: view("immediate"), retry: noRetryWaits });
    expect(outcome).toMatchObject({ status: "error", error: "invalid api key", errorKind: "auth", retryable: false, attempts: 1 });
  });

  it("records an exhausted transient failure after maxAttempts", async () => {
    const judge = judgeFrom(async () => Promise.reject(new TransientError("503")));
    const outcome = await evaluateCall({ judge, criterion: binary, view: view("immediate"), retry: { ...noRetryWaits, maxAttempts: 3 } });
    expect(outcome).toMatchObject({ status: "error", error: "503", errorKind: "rate_limit", retryable: true, attempts: 3 });
    expect(judge.evaluate).toHaveBeenCalledTimes(3);
  });

  it("times a stuck judge out and retries it", async () => {
    vi.useFakeTimers();
    try {
      const judge = judgeFrom(() => new Promise<never>(() => {}));
      const pending = evaluateCall({ judge, criterion: binary, view: view("immediate"), timeoutMs: 1000, retry: { ...noRetryWaits, maxAttempts: 2 } });
      await vi.advanceTimersByTimeAsync(2000);
      await expect(pending).resolves.toMatchObject({ status: "error", errorKind: "timeout", attempts: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports an abort as abandoned work, not as a failure", async () => {
    const controller = new AbortController();
    const judge = judgeFrom((_input, signal) => new Promise<never>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason))));
    const pending = evaluateCall({ judge, criterion: binary, view: view("immediate"), signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toEqual({ status: "aborted", attempts: 1 });
  });

  it("rejects a malformed result as bad output instead of storing it", async () => {
    const judge = judgeFrom(async () => ({ ...passing, score: 7 }));
    const outcome = await evaluateCall({ judge, criterion: binary, view: view("immediate") });
    expect(outcome).toMatchObject({ status: "error", errorKind: "bad_output", retryable: false });
    expect(outcome.status === "error" && outcome.error).toMatch(/score/);
  });

  it("holds the judge's limiter for each attempt", async () => {
    const limiter = createLimiter(1);
    let running = 0;
    let peak = 0;
    const judge = judgeFrom(async () => {
      peak = Math.max(peak, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      return passing;
    });
    const outcomes = await Promise.all([1, 2, 3].map(() => evaluateCall({ judge, criterion: binary, view: view("immediate"), limiter })));
    expect(outcomes.every((outcome) => outcome.status === "done")).toBe(true);
    expect(peak).toBe(1);
  });

  it("reads the network judges' JudgeError: waits Retry-After on a rate limit, never retries auth", async () => {
    const waits: number[] = [];
    const retry = { sleep: async (ms: number) => void waits.push(ms), random: () => 0, baseDelayMs: 100 };
    let calls = 0;
    const limited = judgeFrom(async () => {
      if (++calls === 1) throw new JudgeError({ kind: "rate_limit", message: "slow down", retryAfterMs: 1234 });
      return passing;
    });
    expect(await evaluateCall({ judge: limited, criterion: binary, view: view("immediate"), retry })).toMatchObject({ status: "done", attempts: 2 });
    expect(waits).toEqual([1234]);

    const denied = judgeFrom(async () => Promise.reject(new JudgeError({ kind: "auth", message: "invalid key", judgeId: "openai:gpt-4.1-mini" })));
    const outcome = await evaluateCall({ judge: denied, criterion: binary, view: view("immediate"), retry });
    expect(outcome).toMatchObject({ status: "error", errorKind: "auth", retryable: false, attempts: 1, error: "openai:gpt-4.1-mini: invalid key" });
  });
});
