/**
 * A judging thread for tests of checks-threads.ts: the built-in checks judge, except on calls whose
 * criterion or arguments name a misbehaviour. "STALL-THE-JUDGE" runs a regex that backtracks
 * exponentially (what a quadratic reading of a long argument looks like, only sooner);
 * "CRASH-THE-THREAD" kills the thread.
 */
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { checksTraceJudge } from "@/lib/judging/judges/agent";
import { serveCalls } from "@/lib/judging/engine/checks-thread-protocol";

const judge = createChecksJudge();

serveCalls(async (call) => {
  const text = JSON.stringify(call.input);
  if (text.includes("STALL-THE-JUDGE")) /^(a+)+$/.test(`${"a".repeat(64)}!`);
  if (text.includes("CRASH-THE-THREAD")) process.exit(7);
  return call.kind === "trace" ? checksTraceJudge.evaluateTrace(call.input) : judge.evaluate(call.input);
});
