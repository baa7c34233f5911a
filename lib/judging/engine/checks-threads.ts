import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { AgentJudge, AgentJudgeInput } from "@/lib/judging/judges/agent/types";
import type { Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";
import { threadCallJudge } from "./thread-calls";
import { IDLE, type EvalRequestInput, type SerializedReply, type ThreadAnswer, type ThreadCall, type ThreadData, type ThreadResult } from "./checks-thread-protocol";

/** How long the built-in judge may spend on one call before its thread is abandoned: a 10 MB argument takes well under a second. */
export const CHECKS_CALL_BUDGET_MS = 10_000;

/** A call abandoned past its budget. Not retryable: the same call would take as long again. */
export class JudgeBudgetError extends Error {
  override name = "JudgeBudgetError";
  readonly kind = "timeout";
  readonly retryable = false;

  constructor(readonly budgetMs: number) {
    super(`The built-in judge was stopped after ${budgetMs / 1000} s on this call; its thread was replaced so that the other calls went on`);
  }
}

export interface ChecksThreadsOptions {
  /** Judging threads, at least one. */
  threads: number;
  budgetMs?: number;
  onError?: (error: unknown) => void;
  /** The thread's module as a file URL; tests give one that stalls on purpose. */
  module?: string;
}

export type ThreadedChecksJudge = Judge &
  AgentJudge & {
    /** A whole evaluation API request answered on a thread (checks-thread.ts): see EvalRequestInput. */
    answerEvalRequest(input: EvalRequestInput): Promise<SerializedReply>;
    close(): Promise<void>;
  };

/**
 * The thread's module beside this file; in Next's server bundle this file is not beside its source, and the project root is the working directory.
 * Both paths are found at run time: without the ignore marks, Turbopack would trace the whole project into the server build.
 */
function defaultModule(): string {
  const fromRoot = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "lib/judging/engine/checks-thread.ts");
  let beside: string;
  try {
    beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "checks-thread.ts");
  } catch {
    return pathToFileURL(fromRoot).href;
  }
  return pathToFileURL(existsSync(/*turbopackIgnore: true*/ beside) ? beside : fromRoot).href;
}

// Node does not carry tsx's loader into worker threads: the thread registers it, then loads its module.
const boot = (module: string) =>
  `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(module)}); }).catch((error) => { console.error(error); process.exit(1); });`;

/** Calls posted to a thread in one message: large enough to amortise posting, small enough that answers come back while the thread goes on. */
const GROUP = 64;
/** Threads that die before answering anything, in a row: the threads cannot start here (a broken install), so judging goes on inline. */
const MAX_FAILED_STARTS = 3;

type Unposted = { kind: "call"; input: JudgeInput } | { kind: "agent"; input: AgentJudgeInput } | { kind: "eval-request"; input: EvalRequestInput };

interface Pending {
  call: ThreadCall;
  resolve: (result: ThreadResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  progress: Int32Array;
  /** Calls posted to this thread and not answered yet. */
  owned: Set<number>;
  answered: boolean;
}

/**
 * The built-in checks judge on worker threads, so that whoever asks (the worker's main thread, the
 * web server) never judges on its own event loop. Calls made in the same tick go out together, in
 * groups. A watchdog reads which call each thread is on: a call past `budgetMs` is failed with
 * JudgeBudgetError, its thread terminated and replaced, and the thread's other calls posted again,
 * so one pathological transcript never holds up the rest. A thread that dies fails the call it
 * was on and is replaced the same way.
 */
export function threadedChecksJudge(options: ChecksThreadsOptions): ThreadedChecksJudge {
  const { threads, budgetMs = CHECKS_CALL_BUDGET_MS, onError = () => {} } = options;
  const threadModule = options.module ?? defaultModule();
  // Only its id and version: the inline fallback builds its own (threadCallJudge), on first need.
  const inline = createChecksJudge();
  let inlineJudge: ((call: ThreadCall) => Promise<ThreadResult>) | null = null;
  const epoch = Date.now();
  const pending = new Map<number, Pending>();
  const slots: Slot[] = [];
  let nextId = 0;
  let queue: number[] = [];
  let scheduled = false;
  let turn = 0;
  let failedStarts = 0;
  let inlineOnly = false;
  let closing = false;

  const judgeInline = (call: ThreadCall): Promise<ThreadResult> => (inlineJudge ??= threadCallJudge())(call);

  const settle = (id: number, outcome: { result: ThreadResult } | { error: Error }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (!waiting) return;
    if ("result" in outcome) waiting.resolve(outcome.result);
    else waiting.reject(outcome.error);
  };

  const post = (slot: Slot, ids: number[]) => {
    for (let start = 0; start < ids.length; start += GROUP) {
      const group = ids.slice(start, start + GROUP).filter((id) => pending.has(id));
      if (!group.length) continue;
      for (const id of group) slot.owned.add(id);
      try {
        slot.worker.postMessage(group.map((id) => (pending.get(id) as Pending).call));
      } catch (error) {
        // A call that cannot be copied to a thread (it holds something structured clone refuses).
        for (const id of group) {
          slot.owned.delete(id);
          settle(id, { error: error instanceof Error ? error : new Error(String(error)) });
        }
      }
    }
  };

  /** Replaces a thread that stalled or died: its current call fails with `error`, the others go to the new thread. */
  const replace = (slot: Slot, error: Error) => {
    const index = slots.indexOf(slot);
    if (index === -1 || closing) return;
    const current = Atomics.load(slot.progress, 0);
    void slot.worker.terminate();
    if (current !== IDLE && slot.owned.has(current)) {
      slot.owned.delete(current);
      settle(current, { error });
    }
    const orphans = [...slot.owned];
    failedStarts = slot.answered ? 0 : failedStarts + 1;
    if (failedStarts >= MAX_FAILED_STARTS) {
      inlineOnly = true;
      onError(new Error(`judging threads could not start (${error.message}): judging goes on inline`));
      slots.splice(index, 1);
      for (const id of orphans) {
        const waiting = pending.get(id);
        if (waiting) judgeInline(waiting.call).then((result) => settle(id, { result }), (cause: unknown) => settle(id, { error: cause instanceof Error ? cause : new Error(String(cause)) }));
      }
      return;
    }
    const fresh = start();
    slots[index] = fresh;
    post(fresh, orphans);
  };

  function start(): Slot {
    const state = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
    const progress = new Int32Array(state);
    Atomics.store(progress, 0, IDLE);
    const data: ThreadData = { state, epoch };
    const worker = new Worker(boot(threadModule), { eval: true, workerData: data });
    worker.unref();
    const slot: Slot = { worker, progress, owned: new Set(), answered: false };
    worker.on("message", (answers: ThreadAnswer[]) => {
      slot.answered = true;
      for (const answer of answers) {
        slot.owned.delete(answer.id);
        settle(answer.id, "result" in answer ? { result: answer.result } : { error: new Error(answer.error) });
      }
    });
    const died = (error: Error) => {
      if (closing || !slots.includes(slot)) return;
      onError(error);
      replace(slot, new Error(`The built-in judge's thread failed on this call: ${error.message}`));
    };
    worker.on("error", died);
    worker.on("exit", (code) => {
      if (code !== 0) died(new Error(`a judging thread exited with code ${code}`));
    });
    return slot;
  }

  for (let i = 0; i < Math.max(1, threads); i++) slots.push(start());

  // Reads each thread's current call: cheap enough to run all the time, unref'd so it never keeps a process alive.
  const watchdog = setInterval(
    () => {
      const now = Date.now() - epoch;
      for (const slot of [...slots]) {
        if (!slot.owned.size) continue;
        const current = Atomics.load(slot.progress, 0);
        if (current === IDLE || !slot.owned.has(current)) continue;
        const elapsed = now - Atomics.load(slot.progress, 1);
        if (elapsed <= budgetMs) continue;
        onError(new Error(`a judging thread spent ${Math.round(elapsed)} ms on one call (budget ${budgetMs} ms): replaced`));
        replace(slot, new JudgeBudgetError(budgetMs));
      }
    },
    Math.max(20, Math.min(1_000, budgetMs / 4)),
  );
  watchdog.unref();

  const flush = () => {
    scheduled = false;
    const ids = queue;
    queue = [];
    if (!slots.length) {
      for (const id of ids) {
        const waiting = pending.get(id);
        if (waiting) judgeInline(waiting.call).then((result) => settle(id, { result }), (cause: unknown) => settle(id, { error: cause instanceof Error ? cause : new Error(String(cause)) }));
      }
      return;
    }
    for (let start = 0; start < ids.length; start += GROUP) post(slots[turn++ % slots.length], ids.slice(start, start + GROUP));
  };

  const submit = (call: Unposted, signal?: AbortSignal): Promise<ThreadResult> => {
    signal?.throwIfAborted();
    if (closing) return Promise.reject(new Error("the judging threads are closed"));
    const id = nextId;
    // Ids live in an Int32 cell: wrap long before overflow (calls are long answered by then).
    nextId = (nextId + 1) % 0x7fff_ffff;
    const full: ThreadCall = { ...call, id };
    if (inlineOnly) return judgeInline(full);
    return new Promise<ThreadResult>((resolve, reject) => {
      pending.set(id, { call: full, resolve, reject });
      queue.push(id);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  };

  // A call's answer is what the thread's judge gave for that kind (threadCallJudge).
  const evaluate = (input: JudgeInput, signal?: AbortSignal) => submit({ kind: "call", input }, signal) as Promise<JudgeResult>;

  return {
    id: inline.id,
    version: inline.version,
    cacheable: inline.cacheable,
    evaluate,
    // Calls made together go out in groups anyway (flush): the group only saves the caller's work per call.
    evaluateMany: (inputs, signal) => Promise.allSettled(inputs.map((input) => evaluate(input, signal))),
    evaluateTranscript: (input: AgentJudgeInput, signal?: AbortSignal) => submit({ kind: "agent", input }, signal) as Promise<JudgeResult>,
    answerEvalRequest: (input: EvalRequestInput) => submit({ kind: "eval-request", input }) as Promise<SerializedReply>,
    async close() {
      closing = true;
      clearInterval(watchdog);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
      for (const id of [...pending.keys()]) settle(id, { error: new Error("the judging threads were closed") });
    },
  };
}

const SHARED = Symbol.for("callboard.sharedChecksJudge");

/**
 * The built-in judge for judging on request in this process (the evaluation API, criteria
 * previews): one thread, started on first use and kept, so that a long argument never stalls the
 * web server's event loop. Held on globalThis: Next may load this module once per route bundle.
 */
export function sharedChecksJudge(): ThreadedChecksJudge {
  const holder = globalThis as { [SHARED]?: ThreadedChecksJudge };
  holder[SHARED] ??= threadedChecksJudge({ threads: 1, onError: (error) => console.error("callboard judge:", error) });
  return holder[SHARED];
}
