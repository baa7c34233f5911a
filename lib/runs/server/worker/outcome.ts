import { failedCall, type SettledJudgeCall } from "@/lib/judging/engine/judge-call";

/** What the worker writes for one evaluation: the judged outcome and the judge that gave it. */
export type SettledOutcome = SettledJudgeCall & { judgeId: string | null };

/** The worker is stopping: the claim is given back and the row judged later. */
export type WorkOutcome = SettledOutcome | { status: "aborted" };

export function failure(errorKind: string, error: string, judgeId: string | null = null): SettledOutcome {
  return { ...failedCall(errorKind, error), judgeId };
}

/** A judged evaluation, as the result writers store it. */
export interface ResultToWrite {
  /** scope "agent": a TranscriptEvaluation row (a whole transcript); otherwise an Evaluation row (a call). */
  evaluation: { id: string; runId: string; scope?: "agent" };
  outcome: SettledOutcome;
}
