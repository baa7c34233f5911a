import type { Judge, JudgeResult } from "@/lib/judging/judges/types";
import { answerOutcome, DEFAULT_TIMEOUT_MS, judgeInputFor } from "./engine";
import { failedCall, judgedCall, type JudgeablePrepared, type JudgeCallOutcome } from "./judge-call";
import { withTimeout } from "./timeout";

/**
 * Judges calls that share a judge which judges groups (Judge.evaluateMany) in one call: one
 * timeout for the group (the longest of its calls') instead of a limiter slot, a timer and
 * retries per call. Such a judge has no provider to wait for (the built-in checks), and its
 * failures are not transient, so per-call timers cost more than the judging itself: bench:judge
 * halved its throughput with them. Each call's latency is its share of the group's time.
 * Outcomes in the calls' order.
 */
export async function judgeGroup(judge: Judge, calls: readonly JudgeablePrepared[], signal?: AbortSignal): Promise<JudgeCallOutcome[]> {
  const { evaluateMany } = judge;
  if (!evaluateMany) return calls.map((call) => ({ ...failedCall("internal", `${judge.id} does not judge groups of calls`), cacheKey: call.key }));
  const timeoutMs = Math.max(...calls.map((call) => call.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  const inputs = calls.map((call) => judgeInputFor(call.criterion, call.view));
  const started = performance.now();
  let answers: PromiseSettledResult<JudgeResult>[];
  try {
    answers = await withTimeout((groupSignal) => evaluateMany.call(judge, inputs, groupSignal), timeoutMs, signal);
  } catch (error) {
    if (signal?.aborted) return calls.map((): JudgeCallOutcome => ({ status: "aborted" }));
    answers = calls.map(() => ({ status: "rejected", reason: error }));
  }
  const latencyMs = Math.round((performance.now() - started) / Math.max(1, calls.length));
  return calls.map((call, index): JudgeCallOutcome => {
    const answer = answers.at(index) ?? { status: "rejected", reason: new Error(`${judge.id} gave no answer for this call`) };
    return judgedCall(answerOutcome(judge.id, answer.status === "fulfilled" ? { ok: true, value: answer.value } : { ok: false, error: answer.reason }, 1, latencyMs), call.key);
  });
}
