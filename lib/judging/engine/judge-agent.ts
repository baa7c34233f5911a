import type { Criterion } from "@/lib/criteria/parse";
import type { AgentJudge, TranscriptView } from "@/lib/judging/judges/agent/types";
import { cacheKey } from "./cache-key";
import { evaluateAgent } from "./engine";
import { errorMessage } from "./errors";
import { failedCall, type AttemptOptions, type JudgeCallOutcome } from "./judge-call";

/**
 * "Judge one transcript" against an agent-level criterion: the cache key and the judge, as
 * judge-call.ts does for one call; judge-calls.ts takes both kinds through the same path. A
 * transcript always has a view (itself), so nothing settles before the cache.
 */
export interface AgentToJudge {
  judge: AgentJudge;
  /** What changes the judge's results (model, temperature): part of the cache key. */
  settings?: Record<string, unknown>;
  criterion: Criterion;
  view: TranscriptView;
  /** Per attempt; absent: the engine's default. */
  timeoutMs?: number;
}

/** A transcript ready for the cache, then its judge. */
export interface PreparedAgent {
  kind: "agent";
  judge: AgentJudge;
  criterion: Criterion;
  view: TranscriptView;
  key: string;
  timeoutMs?: number;
}

/** The cache key of a transcript and agent criterion; the scope tag keeps it apart from any call's view. */
export function agentCacheKey(agent: Pick<AgentToJudge, "settings" | "criterion" | "view"> & { judge: Pick<AgentJudge, "id" | "version"> }): string {
  return cacheKey({
    judgeId: agent.judge.id,
    judgeVersion: agent.judge.version,
    settings: agent.settings,
    criterionText: agent.criterion.text,
    // The reference decides reference criteria: a transcript given another one is judged again.
    view: { scope: "agent", messages: agent.view.messages, tools: agent.view.tools, ...(agent.view.referenceText ? { reference: agent.view.referenceText } : {}) },
  });
}

export function prepareAgent(agent: AgentToJudge): PreparedAgent {
  const { judge, criterion, view, timeoutMs } = agent;
  return { kind: "agent", judge, criterion, view, key: agentCacheKey(agent), timeoutMs };
}

/** Asks the judge about a transcript: retries, timeout (the transcript's own, else `options`') and validation by the engine; never throws. */
export async function judgeAgent(prepared: PreparedAgent, options: AttemptOptions): Promise<JudgeCallOutcome> {
  const { key } = prepared;
  try {
    const outcome = await evaluateAgent({ ...options, timeoutMs: prepared.timeoutMs ?? options.timeoutMs, judge: prepared.judge, criterion: prepared.criterion, view: prepared.view });
    switch (outcome.status) {
      case "aborted":
        return { status: "aborted" };
      case "error":
        return { status: "error", error: outcome.error, errorKind: outcome.errorKind, cacheKey: key, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
      default:
        return { status: outcome.status, result: outcome.result, cacheKey: key, cached: false, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
    }
  } catch (error) {
    return { ...failedCall("internal", errorMessage(error)), cacheKey: key };
  }
}
