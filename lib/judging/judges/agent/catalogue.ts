import { WITHOUT_REFERENCE, type ChecksPlanDescription } from "../checks/describe";
import type { AgentTopic } from "./checks";
import { MEANING_SUBJECTS, needsModelJudge, needsModelJudgeMidSentence } from "../meaning-level";
import { AGENT_TOPICS, mapAgentCriterion } from "./mapper";

/**
 * The built-in agent-level checks as forms describe them: free of the checks' code, so the
 * browser can say what measures an agent criterion as it is typed. catalogue.test.ts keeps it
 * equal to AGENT_CHECKS.
 */
export const AGENT_CHECK_INFOS: readonly { id: string; title: string; topics: readonly AgentTopic[] }[] = [
  { id: "reference-match", title: "Calls against the reference", topics: ["reference"] },
  { id: "unrecovered-error", title: "Error not recovered from", topics: ["errors"] },
  { id: "recovered-error", title: "Call the tool rejected", topics: ["errors"] },
  { id: "repeated-call", title: "Repeated or futile call", topics: ["efficiency"] },
  { id: "unconfirmed-change", title: "Change without confirmation", topics: ["confirmation"] },
  { id: "unsupported-answer", title: "Final answer not supported by the tools", topics: ["faithfulness"] },
  { id: "unanswered-request", title: "Last request left unanswered", topics: ["stopping"] },
  { id: "acted-before-looking", title: "Acted before looking", topics: ["exploration"] },
  { id: "answered-without-looking", title: "Answered without looking", topics: ["exploration"] },
  { id: "unverified-change", title: "Change on values no tool showed", topics: ["exploration"] },
  { id: "poor-calls", title: "Wrong tools or arguments", topics: ["tool-use", "faithfulness"] },
];

const ALL_AGENT_TOPICS = Object.values(AGENT_TOPICS).map((topic) => topic.label).join(", ");

/** Which agent-level checks the built-in judge runs for an agent criterion's condition (the same mapping as evaluateAgentWithChecks). */
export function describeAgentChecksPlan(condition: string): ChecksPlanDescription {
  const { topics, meaning } = mapAgentCriterion(condition);
  const checks = AGENT_CHECK_INFOS.filter((check) => check.topics.some((topic) => topics.includes(topic)));
  const labels = topics.map((topic) => AGENT_TOPICS[topic].label);
  const unread = meaning.map((subject) => MEANING_SUBJECTS[subject].label);
  const measurable = checks.length > 0;
  const lowered = meaning.length ? needsModelJudgeMidSentence(meaning) : "";
  const summary = measurable
    ? `Judges the whole transcript on ${labels.join(", ")} with ${checks.length} agent-level check${checks.length > 1 ? "s" : ""}; ${
        meaning.length ? `it gives a verdict only when they find a problem, otherwise the transcript is not applicable, because ${lowered}` : "anything else the criterion asks for is not measured by them."
      }`
    : meaning.length
      ? `Built-in judge: not measured. ${needsModelJudge(meaning)} Every transcript would be "not applicable": the agent checks read ${ALL_AGENT_TOPICS}, not meaning.`
      : `No built-in agent check measures this: every result would be not applicable. The agent checks cover ${ALL_AGENT_TOPICS}; use an LLM judge for anything else.`;
  const referenced = topics.includes("reference") ? ` ${WITHOUT_REFERENCE}` : "";
  return {
    measurable,
    topics: labels,
    unread,
    checks: checks.map((check) => ({ id: check.id, title: check.title, explanation: check.title, views: [] })),
    immediate: measurable ? "measured" : "not-measurable",
    hindsight: measurable ? "measured" : "not-measurable",
    summary: summary + referenced,
  };
}
