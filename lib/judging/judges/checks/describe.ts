import type { Criterion } from "@/lib/criteria/parse";
import { MEANING_SUBJECTS, needsModelJudge, needsModelJudgeMidSentence } from "../meaning-level";
import type { ViewMode } from "../types";
import type { CheckInfo, Topic } from "./check";
import { HINDSIGHT_TOPICS, TOPIC_VOCABULARY, mapCriterionOnto } from "./criterion-topics";

/** What the built-in judge will do with a criterion, before any run: shown where criteria are written. */
export interface ChecksPlanDescription {
  /** False when no check measures the criterion: every result would be "not applicable". */
  measurable: boolean;
  /** "tool selection, parameter accuracy". */
  topics: string[];
  /** What the criterion asks that no check reads ("policy compliance"): left to an LLM judge. */
  unread: string[];
  checks: { id: string; title: string; explanation: string; views: ViewMode[] }[];
  /** How each view is judged: measured, only when something predicts the outcome, or not at all. */
  immediate: "measured" | "predictive-only" | "not-measurable";
  hindsight: "measured" | "not-measurable";
  /** One paragraph for people: what is measured, in which view, and what is not. */
  summary: string;
}

const ALL_TOPICS = Object.values(TOPIC_VOCABULARY).map((entry) => entry.label).join(", ");

/** What a reference criterion gives a transcript that has no reference. */
export const WITHOUT_REFERENCE = "Expected calls are measured only on transcripts that carry a reference (a `reference` field, or a references file); on the others they are not applicable.";

/**
 * Free of the checks' code (the catalogue is a parameter), so the browser can describe a
 * criterion as it is typed; `describeForChecks` in index.ts passes the built-in catalogue.
 */
export function describeChecksPlan(catalogue: readonly CheckInfo[], criterion: Pick<Criterion, "condition">): ChecksPlanDescription {
  const mapping = mapCriterionOnto(catalogue, criterion);
  const titleOf = (id: string) => catalogue.find((check) => check.id === id)?.title.toLowerCase() ?? id;
  const topics = [...mapping.topics.map((topic: Topic) => TOPIC_VOCABULARY[topic].label), ...mapping.specific.map(titleOf)];
  const checks = mapping.checks.map((check) => ({ id: check.id, title: check.title, explanation: check.explanation, views: [...check.views] }));
  const unread = mapping.meaning.map((subject) => MEANING_SUBJECTS[subject].label);
  if (!checks.length) {
    return {
      measurable: false,
      topics: [],
      unread,
      checks: [],
      immediate: "not-measurable",
      hindsight: "not-measurable",
      summary: unread.length
        ? `Built-in judge: not measured. ${needsModelJudge(mapping.meaning)} Every call would be "not applicable": the built-in checks read the structure of calls (${ALL_TOPICS}), not meaning.`
        : `No built-in check measures this criterion: every call would be "not applicable". The built-in judge covers ${ALL_TOPICS}; use an LLM judge (OpenAI-compatible or Anthropic) for anything else.`,
    };
  }
  const immediateChecks = checks.filter((check) => check.views.includes("immediate"));
  const responseOnly = mapping.topics.length > 0 && !mapping.specific.length && mapping.topics.every((topic) => HINDSIGHT_TOPICS.has(topic));
  const immediate = !immediateChecks.length ? "not-measurable" : responseOnly ? "predictive-only" : "measured";
  const before =
    immediate === "not-measurable"
      ? "Before the tool's response it is not applicable: it needs the response."
      : immediate === "predictive-only"
        ? `Before the tool's response it gives a verdict only when something predicts the outcome (${immediateChecks.map((check) => check.id).join(", ")}); otherwise it is not applicable.`
        : `Before the tool's response it uses ${immediateChecks.length} of them; in hindsight all ${checks.length}, the response included.`;
  const rest = unread.length
    ? `It gives a verdict only when they find a problem; otherwise the call is not applicable, because ${needsModelJudgeMidSentence(mapping.meaning)}`
    : "Anything else the criterion asks for is not measured by these checks: use an LLM judge for it.";
  return {
    measurable: true,
    topics,
    unread,
    checks,
    immediate,
    hindsight: "measured",
    summary: `The built-in judge measures ${topics.join(", ")} with ${checks.length} check${checks.length > 1 ? "s" : ""}. ${before} ${rest}${mapping.topics.includes("reference") ? ` ${WITHOUT_REFERENCE}` : ""}`,
  };
}
