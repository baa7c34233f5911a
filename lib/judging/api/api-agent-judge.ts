import { JUDGE_LABELS, type JudgeEnv } from "@/lib/judging/judges/registry";
import type { AgentJudge } from "@/lib/judging/judges/agent";
import { agentJudgeOf } from "@/lib/judging/judges/build-judge";
import { apiJudge, apiJudgeKind } from "./api-judge";

/**
 * The judge of whole transcripts for `/api/v1/evals/trace`: the one CALLBOARD_API_JUDGE names,
 * as for /reward (the built-in checks' agent judge, or an LLM judge given the whole transcript).
 * A judge that cannot judge whole transcripts is refused by name rather than silently replaced,
 * so a score never comes from a judge nobody chose.
 */
export function apiAgentJudge(env: JudgeEnv): { ok: true; value: AgentJudge } | { ok: false; reason: string } {
  const chosen = apiJudgeKind(env);
  if (!chosen.ok) return chosen;
  // The built-in judge (on its thread, off the web server's event loop) judges whole transcripts too.
  const configured = apiJudge(env);
  if (!configured.ok) return configured;
  const judge = agentJudgeOf(chosen.kind, configured.value.judge);
  if (judge) return { ok: true, value: judge };
  return {
    ok: false,
    reason: `the ${JUDGE_LABELS[chosen.kind]} judge (CALLBOARD_API_JUDGE=${chosen.kind}) cannot judge whole transcripts: set CALLBOARD_API_JUDGE to checks, openai or anthropic for agent-level criteria`,
  };
}
