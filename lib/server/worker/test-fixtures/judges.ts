import { createChecksJudge } from "@/lib/judges/checks";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judges/types";

/** The checks judge's answers, with each call counted: a cache hit must not reach it. */
export function countingJudge(id = "fake-counting"): Judge & { calls: JudgeInput[] } {
  const inner = createChecksJudge();
  const calls: JudgeInput[] = [];
  return {
    id,
    calls,
    async evaluate(input, signal) {
      calls.push(input);
      return inner.evaluate(input, signal);
    },
  };
}

export class FakeJudgeError extends Error {
  constructor(
    message: string,
    readonly kind: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Fails permanently on the calls `failsOn` picks while `failing.on` is true; answers like checks otherwise. */
export function flakyJudge(failsOn: (input: JudgeInput) => boolean): Judge & { failing: { on: boolean }; calls: JudgeInput[] } {
  const inner = createChecksJudge();
  const failing = { on: true };
  const calls: JudgeInput[] = [];
  return {
    id: "fake-flaky",
    failing,
    calls,
    async evaluate(input, signal): Promise<JudgeResult> {
      calls.push(input);
      if (failing.on && failsOn(input)) throw new FakeJudgeError(`provider refused ${input.content.call.toolName}`, "bad_request", false);
      return inner.evaluate(input, signal);
    },
  };
}
