import { answerEvalBytes } from "@/lib/judging/api/http/answer-eval-bytes";
import { checksAgentJudge } from "@/lib/judging/judges/agent";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { ThreadCall, ThreadResult } from "./checks-thread-protocol";
import { judgeFromEnv } from "./judge-from-env";

/**
 * What a judging thread does with each call it is posted (checks-thread.ts), and what the owner
 * does itself when threads cannot start: one checks judge for calls, the agent checks for whole
 * transcripts, and the evaluation API's whole path for its requests, with that same judge.
 */
export function threadCallJudge(): (call: ThreadCall) => Promise<ThreadResult> {
  const judge = createChecksJudge();
  const configured = judgeFromEnv("checks", process.env, { checks: () => judge });
  if (!configured.ok) throw new Error(configured.reason);
  return (call) => {
    switch (call.kind) {
      case "call":
        return judge.evaluate(call.input);
      case "agent":
        return checksAgentJudge.evaluateTranscript(call.input);
      case "eval-request":
        return answerEvalBytes(call.input, configured.value);
    }
  };
}
