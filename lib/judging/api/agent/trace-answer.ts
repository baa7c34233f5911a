import type { CriterionScale } from "@/lib/criteria/prefixes";
import type { Finding, JudgeResult } from "@/lib/judging/judges/types";

/** One judged agent instance as the SDK reads it: a ScoreResponse, a BinaryEvaluationResponse, or null (nothing to judge). */
export type InstanceVerdict = { score: number | null; explanation: string } | { passed: boolean | null; explanation: string } | null;

export interface AgentResults {
  agent_name: string;
  results_by_agent_instance_id: Record<string, InstanceVerdict>;
  summary_statistics?: { median: number | null; min: number | null; max: number | null; std: number | null };
}

export interface TraceVerdict {
  /** 1.0 or 0.0 for pass/fail criteria, null when not applicable. */
  score: number | null;
  passed?: boolean | null;
  explanation: string;
  findings: Finding[];
  judge: string;
}

export interface JudgedInstance {
  id: string;
  name: string;
  result: JudgeResult | null;
}

const verdictOf = (scale: CriterionScale, result: JudgeResult): InstanceVerdict =>
  scale === "binary" ? { passed: result.passed, explanation: result.explanation } : { score: result.score, explanation: result.explanation };

function statistics(scores: number[]): AgentResults["summary_statistics"] {
  if (!scores.length) return { median: null, min: null, max: null, std: null };
  const sorted = [...scores].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  const std = Math.sqrt(scores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / scores.length);
  return { median, min: sorted[0], max: sorted.at(-1) ?? null, std };
}

/** The SDK's `results_by_agent_name`: every instance under its agent's name, with summary statistics for reward criteria. */
export function resultsByAgentName(scale: CriterionScale, instances: JudgedInstance[]): Record<string, AgentResults> {
  const byName: Record<string, AgentResults> = {};
  for (const { id, name, result } of instances) {
    const agent = (byName[name] ??= { agent_name: name, results_by_agent_instance_id: {} });
    agent.results_by_agent_instance_id[id] = result ? verdictOf(scale, result) : null;
  }
  if (scale === "continuous") {
    for (const agent of Object.values(byName)) {
      const scores = instances.filter((instance) => instance.name === agent.agent_name && typeof instance.result?.score === "number").map((instance) => instance.result?.score ?? 0);
      agent.summary_statistics = statistics(scores);
    }
  }
  return byName;
}

/**
 * One verdict for the whole trace, so a client reading `{score, explanation}` as /reward answers
 * gets one: for a single judged instance its own result; for several, the mean score (reward
 * criteria) or a pass only when every applicable instance passes (pass/fail criteria).
 */
export function overallVerdict(scale: CriterionScale, instances: JudgedInstance[], judge: string): TraceVerdict {
  const judged = instances.filter((instance): instance is JudgedInstance & { result: JudgeResult } => instance.result !== null);
  const findings = judged.flatMap(({ result }) => result.findings);
  if (judged.length === 1) return fromResult(scale, judged[0].result, judge);
  const applicable = judged.filter(({ result }) => result.applicable && result.score !== null);
  const each = judged.map(({ id, name, result }) => `${name} (${id}): ${describe(scale, result)}`).join("; ");
  if (!applicable.length) return { score: null, ...(scale === "binary" ? { passed: null } : {}), explanation: `Not applicable to any of the ${judged.length} agent instances. ${each}.`, findings, judge };
  if (scale === "binary") {
    const passed = applicable.every(({ result }) => result.passed === true);
    const failed = applicable.filter(({ result }) => result.passed === false).length;
    const summary = passed ? `All ${applicable.length} applicable agent instances pass` : `${failed} of ${applicable.length} applicable agent instances fail`;
    return { score: passed ? 1 : 0, passed, explanation: `${summary}. ${each}.`, findings, judge };
  }
  const score = applicable.reduce((sum, { result }) => sum + (result.score ?? 0), 0) / applicable.length;
  return { score, explanation: `Mean over ${applicable.length} applicable agent instances: ${score.toFixed(2)}. ${each}.`, findings, judge };
}

/** A single transcript's verdict in the /reward shape: pass/fail criteria also get `score` 1.0 or 0.0. */
export function fromResult(scale: CriterionScale, result: JudgeResult, judge: string): TraceVerdict {
  const base = { explanation: result.explanation, findings: result.findings, judge };
  if (scale === "binary") return { score: result.passed === null ? null : result.passed ? 1 : 0, passed: result.passed, ...base };
  return { score: result.score, ...base };
}

function describe(scale: CriterionScale, result: JudgeResult): string {
  if (!result.applicable || result.score === null) return "not applicable";
  return scale === "binary" ? (result.passed ? "passes" : "fails") : result.score.toFixed(2);
}
