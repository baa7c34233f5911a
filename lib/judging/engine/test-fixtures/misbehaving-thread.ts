/**
 * A judging thread for tests of checks-threads.ts: the built-in checks judge, except on calls whose
 * criterion or arguments name a misbehaviour. "STALL-THE-JUDGE" blocks the thread for a minute
 * without yielding, as a runaway regex on a long argument would, only without burning the core
 * the rest of the suite runs on (the pool sees the same thing: no answer within the budget);
 * "CRASH-THE-THREAD" kills the thread.
 */
import { serveCalls } from "@/lib/judging/engine/checks-thread-protocol";
import { threadCallJudge } from "@/lib/judging/engine/thread-calls";

const judge = threadCallJudge();
const blocked = new Int32Array(new SharedArrayBuffer(4));

serveCalls(async (call) => {
  const text = call.kind === "eval-request" ? new TextDecoder().decode(call.input.body) : JSON.stringify(call.input);
  if (text.includes("STALL-THE-JUDGE")) Atomics.wait(blocked, 0, 0, 60_000);
  if (text.includes("CRASH-THE-THREAD")) process.exit(7);
  return judge(call);
});
