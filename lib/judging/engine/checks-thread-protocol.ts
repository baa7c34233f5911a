import { parentPort, workerData } from "node:worker_threads";
import type { JudgeResult, JudgeInput } from "@/lib/judging/judges/types";
import type { AgentJudgeInput } from "@/lib/judging/judges/agent/types";
import { errorMessage } from "./errors";

/**
 * A whole request of the evaluation API (`POST /api/v1/evals/reward` or `/binary`), its body as
 * received: the thread parses, validates, imports and judges it, so that the web server's event
 * loop only reads and writes HTTP (lib/judging/server/live-check).
 */
export interface EvalRequestInput {
  endpoint: "reward" | "binary";
  body: Uint8Array;
  /** The body limit the request was read with (a syntax error's reading depends on it). */
  maxBytes: number;
}

/** An answer of the evaluation API, its body already JSON: status, headers and text are all the web server writes. */
export interface SerializedReply {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** What a judging thread is posted: a call to judge, a whole transcript for an agent-level criterion, or an evaluation API request. */
export type ThreadCall =
  | { id: number; kind: "call"; input: JudgeInput }
  | { id: number; kind: "agent"; input: AgentJudgeInput }
  | { id: number; kind: "eval-request"; input: EvalRequestInput };
/** A call's or an agent's JudgeResult, or an eval-request's SerializedReply. */
export type ThreadResult = JudgeResult | SerializedReply;
export type ThreadAnswer = { id: number; result: ThreadResult } | { id: number; error: string };

/**
 * Shared with each thread: two Int32 cells, the id of the call it is judging (IDLE between groups)
 * and when it started, in milliseconds after `epoch`.
 */
export interface ThreadData {
  state: SharedArrayBuffer;
  epoch: number;
}

export const IDLE = -1;

/**
 * A judging thread's side: judges each group the owner posts, in order, and answers it in one
 * message. Before each call it says in shared memory which call it is on and since when, so
 * that the owner can abandon a call that runs past its budget.
 */
export function serveCalls(judgeOne: (call: ThreadCall) => Promise<ThreadResult>): void {
  const { state, epoch } = workerData as ThreadData;
  const progress = new Int32Array(state);
  parentPort?.on("message", async (calls: ThreadCall[]) => {
    const answers: ThreadAnswer[] = [];
    for (const call of calls) {
      // The start first: whoever reads the call's id then reads its own start.
      Atomics.store(progress, 1, Date.now() - epoch);
      Atomics.store(progress, 0, call.id);
      try {
        answers.push({ id: call.id, result: await judgeOne(call) });
      } catch (error) {
        answers.push({ id: call.id, error: errorMessage(error) });
      }
    }
    Atomics.store(progress, 0, IDLE);
    parentPort?.postMessage(answers);
  });
}
