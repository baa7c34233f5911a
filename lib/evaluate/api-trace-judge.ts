import { JUDGE_LABELS, type JudgeEnv } from "@/lib/judges/registry";
import { checksTraceJudge, type TraceJudge } from "@/lib/judges/trace";
import { apiJudgeKind } from "./api-judge";

/**
 * The judge of whole transcripts for `/api/v1/evals/trace`: the one CALLBOARD_API_JUDGE names,
 * as for /reward. Only the built-in checks judge agents so far; another judge is refused by
 * name rather than silently replaced, so a score never comes from a judge nobody chose.
 */
export function apiTraceJudge(env: JudgeEnv): { ok: true; value: TraceJudge } | { ok: false; reason: string } {
  const chosen = apiJudgeKind(env);
  if (!chosen.ok) return chosen;
  if (chosen.kind === "checks") return { ok: true, value: checksTraceJudge };
  return {
    ok: false,
    reason: `the ${JUDGE_LABELS[chosen.kind]} judge (CALLBOARD_API_JUDGE=${chosen.kind}) cannot judge whole transcripts yet: agent-level criteria are judged by the built-in checks (CALLBOARD_API_JUDGE=checks, the default)`,
  };
}
