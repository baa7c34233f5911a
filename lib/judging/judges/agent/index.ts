import { judgeInputFor } from "@/lib/judging/engine/engine";
import { viewFor } from "@/lib/judging/engine/views";
import { parseCriterion } from "@/lib/criteria/parse";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import { notApplicable, type Finding, type JudgeResult } from "../types";
import { evaluateWithChecks } from "../checks";
import { describesDefect } from "../checks/mapper";
import { PASS_QUALITY, quality, verdict } from "../checks/scoring";
import { toolKind } from "../checks/tool-kind";
import { CHECKS_JUDGE_ID, CHECKS_JUDGE_VERSION } from "../checks/version";
import { finalAnswer, transcriptCalls } from "./calls";
import { AGENT_CHECKS, type AgentCheck, type AgentHit, type AgentContext } from "./checks";
import { AGENT_TOPICS, agentTopics } from "./mapper";
import type { AgentJudge, AgentJudgeInput, TranscriptView } from "./types";

export type { AgentJudge, AgentJudgeInput, TranscriptView, AgentCriterion } from "./types";

// What a call's own tool and arguments are judged by, for agent-level criteria about tool use.
// Errors, repeats and confirmation have their own agent-level checks.
const CALL_CRITERION = (() => {
  const parsed = parseCriterion("Tool call passes if the selected tool and every argument are correct and supported by the conversation");
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
})();
const CALL_CHECKS = new Set(["unknown-tool", "arguments-not-json", "schema-violation", "undeclared-argument", "ungrounded-value", "placeholder-value", "value-before-it-exists"]);

function callProblems(view: TranscriptView): string[][] {
  const transcript = { messages: view.messages, tools: view.tools, metadata: {} };
  return extractToolCallSites(transcript).map((site) => {
    const callView = viewFor("auto", transcript, site);
    if (!callView.ok) return [];
    const result = evaluateWithChecks(judgeInputFor(CALL_CRITERION, callView.view));
    return result.findings.filter((finding) => CALL_CHECKS.has(finding.check) && (finding.severity === "major" || finding.severity === "critical")).map((finding) => finding.message);
  });
}

function contextOf(view: TranscriptView): AgentContext {
  return {
    messages: view.messages,
    calls: transcriptCalls(view),
    answer: finalAnswer(view.messages),
    callProblems: callProblems(view),
    lookupOffered: view.tools.some((tool) => !toolKind(tool).changesState),
  };
}

const toFinding = (check: string, hit: AgentHit): Finding => ({ check, severity: hit.severity, message: hit.message, ...(hit.evidence ? { evidence: hit.evidence } : {}) });

/**
 * Judges a whole transcript against an agent-level criterion from evidence in it, domain-free.
 * `available` is the set of checks to choose from: the built-in ones, or (for measuring a
 * candidate check before it joins them, bench/research/bench-agent-signals.ts) another list.
 */
export function evaluateAgentWithChecks(input: AgentJudgeInput, available: readonly AgentCheck[] = AGENT_CHECKS): JudgeResult {
  const { criterion, content } = input;
  const topics = new Set(agentTopics(criterion.condition));
  if (!topics.size) {
    const covered = Object.values(AGENT_TOPICS).map((topic) => topic.label).join(", ");
    return notApplicable(`No built-in agent check measures "${criterion.condition}". The checks judge covers ${covered}; use an LLM judge for this criterion.`);
  }
  const checks = available.filter((check) => check.topics.some((topic) => topics.has(topic)));
  const context = contextOf(content);
  if (!context.calls.length && !context.messages.some((message) => message.role === "user")) {
    return notApplicable("The transcript has no user request and no tool call to judge the agent by.");
  }
  const hits = checks.flatMap((check) => check.run(context).map((hit) => ({ check: check.id, hit })));
  hits.sort((a, b) => b.hit.penalty - a.hit.penalty);
  const agentQuality = quality(hits.map(({ hit }) => hit));
  const defect = describesDefect(criterion.condition);
  const { score, passed } = verdict(criterion, agentQuality, defect);
  const labels = [...topics].map((topic) => AGENT_TOPICS[topic].label).join(", ");
  const clean = agentQuality >= PASS_QUALITY;
  const found = hits.length ? `${hits.length} problem${hits.length > 1 ? "s" : ""}; the worst: ${hits[0].hit.message.replace(/\.$/, "")}` : "no problem";
  const outcome = passed === null ? `scores ${score.toFixed(2)}` : passed ? "passes" : "fails";
  const condition = defect ? (clean ? "what the criterion describes is absent" : "what the criterion describes is present") : clean ? "the agent meets the criterion" : "the agent misses the criterion";
  return {
    score,
    passed,
    applicable: true,
    explanation: `Measured ${labels} over ${context.calls.length} call${context.calls.length === 1 ? "" : "s"} with ${checks.length} check${checks.length > 1 ? "s" : ""} (${checks.map((check) => check.id).join(", ")}). Found ${found}. Quality ${agentQuality.toFixed(2)}: ${condition}, so the agent ${outcome}.`,
    findings: hits.map(({ check, hit }) => toFinding(check, hit)),
    measuredBy: checks.map((check) => check.id),
  };
}

export const checksAgentJudge: AgentJudge = {
  id: CHECKS_JUDGE_ID,
  version: CHECKS_JUDGE_VERSION,
  async evaluateTranscript(input, signal) {
    signal?.throwIfAborted();
    return evaluateAgentWithChecks(input);
  },
};
