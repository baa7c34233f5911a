import type { JudgeResult } from "@/lib/judges/types";

/** What the worker writes for one evaluation. */
export type WorkOutcome =
  | {
      status: "done" | "not-applicable";
      result: JudgeResult;
      judgeId: string | null;
      cacheKey: string | null;
      /** True when the result came from JudgeCache and no judge was called. */
      cached: boolean;
      attempts: number;
      latencyMs: number | null;
    }
  | { status: "error"; error: string; errorKind: string; judgeId: string | null; cacheKey: string | null; attempts: number; latencyMs: number | null }
  /** The worker is stopping: the claim is given back and the row judged later. */
  | { status: "aborted" };

export type SettledOutcome = Exclude<WorkOutcome, { status: "aborted" }>;

export function failure(errorKind: string, error: string, judgeId: string | null = null): SettledOutcome {
  return { status: "error", error, errorKind, judgeId, cacheKey: null, attempts: 0, latencyMs: null };
}
