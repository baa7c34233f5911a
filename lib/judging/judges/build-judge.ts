import { checksAgentJudge, type AgentJudge } from "./agent";
import { canJudgeAgents } from "./agent/types";
import { createJudge, judgeConfigFromEnv, judgeConfigSchema, type JudgeConfig, type JudgeEnv, type JudgeKind, type PublicJudgeConfig } from "./registry";
import type { Judge } from "./types";

/**
 * What is asked for: a judge kind (the CLI's --judge, CALLBOARD_API_JUDGE, a preview's choice),
 * or a run's stored, secret-free settings, whose model, temperature and endpoint win over the
 * environment's.
 */
export type WantedJudge = JudgeKind | PublicJudgeConfig;

export type BuiltJudge =
  | { ok: true; judge: Judge; config: JudgeConfig }
  /** "not-configured": the environment lacks what the judge needs (`reason` says what to set); "not-started": building it failed (`error`). */
  | { ok: false; problem: "not-configured"; reason: string }
  | { ok: false; problem: "not-started"; reason: string; error: unknown };

export interface BuildOptions {
  /** The built-in judge to use, when the caller keeps one (on its own threads, off a server's event loop). */
  checks?: () => Judge;
}

/**
 * The one place a judge is built, for the worker, the CLI, the evaluation API and the criterion
 * preview. The server's environment supplies what is never stored (API keys), so keys reach the
 * judge here and never a database or a browser; `config` holds them and stays on the server.
 */
export function buildJudge(wanted: WantedJudge, env: JudgeEnv, options: BuildOptions = {}): BuiltJudge {
  const kind = typeof wanted === "string" ? wanted : wanted.kind;
  const fromEnv = judgeConfigFromEnv(kind, env);
  if (!fromEnv.ok) return { ok: false, problem: "not-configured", reason: fromEnv.reason };
  try {
    const config = typeof wanted === "string" ? fromEnv.config : judgeConfigSchema.parse({ ...fromEnv.config, ...wanted });
    const judge = config.kind === "checks" && options.checks ? options.checks() : createJudge(config);
    return { ok: true, judge, config };
  } catch (error) {
    return { ok: false, problem: "not-started", reason: error instanceof Error ? error.message : String(error), error };
  }
}

/**
 * The judge of whole transcripts (agent-level criteria) that goes with a built judge: itself when
 * it can judge them (the OpenAI-compatible and Anthropic judges, the threaded checks), the
 * built-in agent checks for the checks kind, or null (Composo cannot).
 */
export function agentJudgeOf(kind: JudgeKind, judge: Judge): AgentJudge | null {
  if (canJudgeAgents(judge)) return judge;
  return kind === "checks" ? checksAgentJudge : null;
}
