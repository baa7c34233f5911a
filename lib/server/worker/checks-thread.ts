/**
 * A judging thread of the worker (checks-threads.ts): the built-in checks judge on calls the
 * worker's main thread posts in groups, answered in the same groups. Pure judging: no database.
 */
import { parentPort } from "node:worker_threads";
import { errorMessage } from "@/lib/eval/errors";
import { createChecksJudge } from "@/lib/judges/checks";
import type { ThreadCall, ThreadAnswer } from "./checks-threads";

const judge = createChecksJudge();

parentPort?.on("message", async (calls: ThreadCall[]) => {
  const answers: ThreadAnswer[] = [];
  for (const call of calls) {
    try {
      answers.push({ id: call.id, result: await judge.evaluate(call.input) });
    } catch (error) {
      answers.push({ id: call.id, error: errorMessage(error) });
    }
  }
  parentPort?.postMessage(answers);
});
