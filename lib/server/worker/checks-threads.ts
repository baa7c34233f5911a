import { Worker } from "node:worker_threads";
import { createChecksJudge } from "@/lib/judges/checks";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judges/types";

export interface ThreadCall {
  id: number;
  input: JudgeInput;
}
export type ThreadAnswer = { id: number; result: JudgeResult } | { id: number; error: string };

interface Pending {
  resolve: (result: JudgeResult) => void;
  reject: (error: Error) => void;
}

// Node does not carry tsx's loader into worker threads: the thread registers it, then loads its module.
const THREAD_MODULE = new URL("./checks-thread.ts", import.meta.url).href;
const BOOT = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(THREAD_MODULE)}); }).catch((error) => { console.error(error); process.exit(1); });`;

/** Calls posted to a thread in one message: large enough to amortise posting, small enough that answers come back while the thread goes on. */
const GROUP = 64;

/**
 * The built-in checks judge on `threads` worker_threads, so that the worker's main thread (claims,
 * loads, writes) never waits for judging and a second core judges while it writes. Calls made in
 * the same tick go out together, in groups; the views of one call are shared by its criteria in a
 * group, so they are copied once and analysed once. If a thread fails, its calls and all later
 * ones are judged on the main thread: slower, never lost.
 */
export function threadedChecksJudge(threads: number, onError: (error: unknown) => void = () => {}): Judge & { close(): Promise<void> } {
  const inline = createChecksJudge();
  const pending = new Map<number, Pending>();
  const owners = new Map<number, Worker>();
  let nextId = 0;
  let queue: ThreadCall[] = [];
  let scheduled = false;
  let turn = 0;
  const workers: Worker[] = [];
  let broken = false;
  let closing = false;

  const settle = (answers: ThreadAnswer[]) => {
    for (const answer of answers) {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      owners.delete(answer.id);
      if (!waiting) continue;
      if ("result" in answer) waiting.resolve(answer.result);
      else waiting.reject(new Error(answer.error));
    }
  };

  const fallBack = (worker: Worker, error: unknown) => {
    if (closing) return;
    if (!broken) onError(error);
    broken = true;
    for (const [id, owner] of owners) {
      if (owner !== worker) continue;
      owners.delete(id);
      const waiting = pending.get(id);
      pending.delete(id);
      const call = inputs.get(id);
      if (waiting && call) inline.evaluate(call).then(waiting.resolve, waiting.reject);
    }
  };

  // Kept until answered, for the fallback.
  const inputs = new Map<number, JudgeInput>();

  for (let i = 0; i < threads; i++) {
    const worker = new Worker(BOOT, { eval: true });
    worker.unref();
    worker.on("message", (answers: ThreadAnswer[]) => {
      for (const answer of answers) inputs.delete(answer.id);
      settle(answers);
    });
    worker.on("error", (error) => fallBack(worker, error));
    worker.on("exit", (code) => {
      if (code !== 0) fallBack(worker, new Error(`a judging thread exited with code ${code}`));
    });
    workers.push(worker);
  }

  const flush = () => {
    scheduled = false;
    const calls = queue;
    queue = [];
    for (let start = 0; start < calls.length; start += GROUP) {
      const group = calls.slice(start, start + GROUP);
      const worker = workers[turn++ % workers.length];
      for (const call of group) owners.set(call.id, worker);
      try {
        worker.postMessage(group);
      } catch (error) {
        fallBack(worker, error);
      }
    }
  };

  const evaluate = (input: JudgeInput, signal?: AbortSignal): Promise<JudgeResult> => {
    if (broken || !workers.length) return inline.evaluate(input, signal);
    signal?.throwIfAborted();
    const id = nextId++;
    return new Promise<JudgeResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      inputs.set(id, input);
      queue.push({ id, input });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  };

  return {
    id: inline.id,
    version: inline.version,
    cacheable: inline.cacheable,
    evaluate,
    // Calls made together go out in groups anyway (flush): the group only saves the caller's work per call.
    evaluateMany: (inputs, signal) => Promise.allSettled(inputs.map((input) => evaluate(input, signal))),
    async close() {
      closing = true;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
