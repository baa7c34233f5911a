import { judgeInputFor } from "@/lib/judging/engine/engine";
import { viewFor } from "@/lib/judging/engine/views";
import { parseCriterion } from "@/lib/criteria/parse";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import { notApplicable, type Finding, type JudgeResult } from "../types";
import { evaluateWithChecks } from "../checks";
import { describesDefect } from "../checks/mapper";
import { quality, verdict } from "../checks/scoring";
import { isErrorResponse } from "../checks/response-status";
import { toolKind } from "../checks/tool-kind";
import { callsToMatch } from "@/lib/references/calls-to-match";
import { matchReference } from "@/lib/references/match";
import { referenceFromStored } from "@/lib/references/stored";
import type { TranscriptVerdict } from "@/lib/references/types";
import { CHECKS_JUDGE_ID, CHECKS_JUDGE_VERSION } from "../checks/version";
import { finalAnswer, transcriptCalls } from "./calls";
import { AGENT_CHECKS, type AgentCheck, type AgentHit, type AgentContext } from "./checks";
import { needsModelJudge, needsModelJudgeMidSentence } from "../meaning-level";
import { AGENT_TOPICS, mapAgentCriterion } from "./mapper";
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

function transcriptAgainstReference(view: TranscriptView): TranscriptVerdict | null {
  const reference = referenceFromStored(view.referenceText);
  if (!reference) return null;
  const tools = view.tools.map((tool) => ({ name: tool.function.name, parameters: tool.function.parameters }));
  return matchReference(callsToMatch(view.messages, isErrorResponse), tools, reference).transcript;
}

function contextOf(view: TranscriptView): AgentContext {
  return {
    messages: view.messages,
    calls: transcriptCalls(view),
    answer: finalAnswer(view.messages),
    callProblems: callProblems(view),
    lookupOffered: view.tools.some((tool) => !toolKind(tool).changesState),
    reference: transcriptAgainstReference(view),
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
  const mapping = mapAgentCriterion(criterion.condition);
  const topics = new Set(mapping.topics);
  const unreadable = mapping.meaning.length ? needsModelJudge(mapping.meaning) : "";
  if (!topics.size && unreadable) return notApplicable(`Built-in judge: not measured. ${unreadable} The agent checks read the structure of a transcript, not meaning.`);
  if (!topics.size) {
    const covered = Object.values(AGENT_TOPICS).map((topic) => topic.label).join(", ");
    return notApplicable(`No built-in agent check measures "${criterion.condition}". The checks judge covers ${covered}; use an LLM judge for this criterion.`);
  }
  const context = contextOf(content);
  // Without a reference, what the criterion asks about expected calls is not measured.
  let unreferenced = "";
  if (topics.has("reference") && !context.reference) {
    if (topics.size === 1) return notApplicable("The transcript has no reference (expected calls), so whether its calls match one is not measured: attach a reference to the transcript.");
    topics.delete("reference");
    unreferenced = " Not measured: expected calls (the transcript has no reference).";
  }
  const checks = available.filter((check) => check.topics.some((topic) => topics.has(topic)));
  if (!context.calls.length && !context.messages.some((message) => message.role === "user")) {
    return notApplicable("The transcript has no user request and no tool call to judge the agent by.");
  }
  const hits = checks.flatMap((check) => check.run(context).map((hit) => ({ check: check.id, hit })));
  hits.sort((a, b) => b.hit.penalty - a.hit.penalty);
  // Problems are what a reader must act on; notes ("made 7 distinct lookups") only grade a score.
  const problems = hits.filter(({ hit }) => hit.severity !== "info");
  const notes = hits.length - problems.length;
  const labels = [...topics].map((topic) => AGENT_TOPICS[topic].label).join(", ");
  const measured = `Measured ${labels} over ${context.calls.length} call${context.calls.length === 1 ? "" : "s"} with ${checks.length} check${checks.length > 1 ? "s" : ""} (${checks.map((check) => check.id).join(", ")}).`;
  // Part of the criterion is out of the checks' sight: only a problem they found is evidence.
  if (unreadable && !problems.length) return notApplicable(`${measured} Found no problem there, which does not settle the criterion. ${unreadable}`, checks.map((check) => check.id));
  const agentQuality = quality(hits.map(({ hit }) => hit));
  const defect = describesDefect(criterion.condition);
  // A pass/fail criterion follows its findings: a problem of what it names is what it describes
  // ("fails if it changes state unconfirmed", and one such change was found), however mild.
  const binary = criterion.kind === "passes-if" || criterion.kind === "fails-if";
  const problemFound = binary ? problems.length > 0 : agentQuality < 0.5;
  const { score, passed } = verdict(criterion, binary ? (problemFound ? 0 : 1) : agentQuality, defect);
  const listed = problems.length ? `${problems.length} problem${problems.length > 1 ? "s" : ""}; the worst: ${problems[0].hit.message.replace(/\.$/, "")}` : "no problem";
  const noted = notes ? ` (and ${notes} note${notes > 1 ? "s" : ""})` : "";
  const outcome = passed === null ? `scores ${score.toFixed(2)}` : passed ? "passes" : "fails";
  const condition = defect ? (problemFound ? "what the criterion describes is present" : "what the criterion describes is absent") : problemFound ? "the agent misses the criterion" : "the agent meets the criterion";
  const unread = (mapping.meaning.length ? ` Not measured: ${needsModelJudgeMidSentence(mapping.meaning)}` : "") + unreferenced;
  return {
    score,
    passed,
    applicable: true,
    explanation: `${measured} Found ${listed}${noted}. Quality ${agentQuality.toFixed(2)}: ${condition}, so the agent ${outcome}.${unread}`,
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
