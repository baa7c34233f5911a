import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";

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

/** Checks' answers through evaluateMany, with `answer` deciding per call; evaluate itself must not be called. */
export function groupJudge(answer: (input: JudgeInput, result: JudgeResult) => PromiseSettledResult<JudgeResult> | "hang" = (_, result) => ({ status: "fulfilled", value: result })) {
  const inner = createChecksJudge();
  const groups: number[] = [];
  let single = 0;
  const judge: Judge = {
    id: "fake-groups",
    async evaluate(input, signal) {
      single++;
      return inner.evaluate(input, signal);
    },
    async evaluateMany(inputs, signal) {
      groups.push(inputs.length);
      const answers = await Promise.all(
        inputs.map(async (input) => {
          const verdict = answer(input, await inner.evaluate(input, signal));
          return verdict === "hang" ? null : verdict;
        }),
      );
      if (answers.includes(null)) await new Promise(() => {});
      return answers.filter((entry): entry is PromiseSettledResult<JudgeResult> => entry !== null);
    },
  };
  return { judge, groups, single: () => single };
}
