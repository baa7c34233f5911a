import type { Criterion } from "@/lib/criteria/parse";
import { parseScopedCriterion } from "@/lib/criteria/scope";
import type { RunMode } from "@/lib/runs/schemas/runs";
import type { CheckInfo } from "./checks/check";
import { describeChecksPlan, type ChecksPlanDescription } from "./checks/describe";
import type { JudgeKind } from "./registry";
import { describeAgentChecksPlan } from "./agent/catalogue";

// Pure and free of the judges' code: the criteria page and the new-run form call it on every
// keystroke and tick, in the browser, with the built-in catalogue the server sends them.

/** A judge as the server describes it to a form: never a key. */
export interface JudgeChoice {
  kind: JudgeKind;
  label: string;
  /** "openai:gpt-4.1-mini": the id its results are stored under. */
  id: string;
  configured: boolean;
  /** What to do when it is not configured ("set OPENAI_API_KEY"). */
  reason?: string;
  model?: string;
}

export type MeasurementPlan =
  | { ok: false; message: string }
  | {
      ok: true;
      /** False when every result would be "not applicable" (or could not be produced) in the chosen mode. */
      measurable: boolean;
      /** "Measured by …", one line. */
      measuredBy: string;
      /** What else a reader needs: the views, what depends on the tool's response. */
      details: string[];
      /** What to fix before running, or null. */
      warning: string | null;
      /** The built-in judge's checks, when it is the judge. */
      checks: ChecksPlanDescription | null;
    };

const VIEWS: Record<RunMode, string> = {
  immediate: "from the transcript up to the call, before the tool's response (immediate)",
  hindsight: "with the tool's response and what the assistant did next (hindsight)",
  auto: "with the tool's response when the tool answered (hindsight), from the transcript up to the call otherwise (immediate)",
  both: "twice: from the transcript up to the call (immediate), and with the tool's response and what followed (hindsight)",
};

function judgedBy(judge: JudgeChoice): string {
  if (judge.kind === "composo") return `Composo's evaluation API (${judge.id})`;
  return judge.model ? `the model ${judge.model} (${judge.label})` : `${judge.label} (${judge.id})`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Built-in judge: not measured (policy compliance needs an LLM judge)." and its warning, for what no check can read. */
function unreadPlan(plan: ChecksPlanDescription, what: string, details: string[]): MeasurementPlan {
  return {
    ok: true,
    measurable: false,
    measuredBy: `Built-in judge: not measured. ${capitalised(plan.unread.join(", "))}: no rule can read ${plan.unread.length > 1 ? "them" : "it"}.`,
    details,
    warning: `The built-in judge cannot read ${plan.unread.join(" or ")}: every result would be not applicable. Choose an LLM judge (OpenAI-compatible or Anthropic) for this ${what}.`,
    checks: plan,
  };
}

/** A measurable plan that also asks what no check reads: only a problem the checks find gives a verdict. */
const PARTLY_UNREAD = (plan: ChecksPlanDescription) =>
  `${capitalised(plan.unread.join(", "))} ${plan.unread.length > 1 ? "are" : "is"} not measured: a result is a verdict only when the checks find a problem, otherwise it is not applicable. An LLM judge (OpenAI-compatible or Anthropic) reads it.`;

function checksPlan(plan: ChecksPlanDescription, mode: RunMode): MeasurementPlan {
  if (!plan.measurable && plan.unread.length) return unreadPlan(plan, "criterion", [plan.summary]);
  if (!plan.measurable) {
    return {
      ok: true,
      measurable: false,
      measuredBy: "Measured by nothing: no built-in check applies.",
      details: [plan.summary],
      warning: "The built-in judge cannot measure this criterion: every result would be not applicable. Try an LLM judge or rephrase it.",
      checks: plan,
    };
  }
  const checks = plan.checks.map((check) => check.title.toLowerCase()).join(", ");
  const measuredBy = `Measured by the built-in checks on ${plan.topics.join(", ")}: ${checks}.`;
  const details: string[] = [];
  let warning: string | null = null;
  const onlyImmediate = mode === "immediate";
  if (plan.immediate === "not-measurable") {
    details.push("Depends on the tool's response: judged before it (immediate mode), every result is not applicable.");
    if (onlyImmediate) warning = "In immediate mode every result would be not applicable: this criterion needs the tool's response. Choose hindsight or auto.";
  } else if (plan.immediate === "predictive-only") {
    details.push("Depends on the tool's response: judged before it (immediate mode), a result is not applicable unless something predicts the outcome (a retry of a call that already failed).");
    if (onlyImmediate) warning = "In immediate mode most results would be not applicable: this criterion depends on the tool's response. Choose hindsight or auto.";
  } else {
    const after = plan.checks.filter((check) => !check.views.includes("immediate"));
    details.push(
      !after.length
        ? "Does not depend on the tool's response: judged the same way before it (immediate) and with it (hindsight)."
        : `Partly depends on the tool's response: ${after.map((check) => check.title.toLowerCase()).join(", ")} only in hindsight; before the response (immediate) the other ${plan.checks.length - after.length} of ${plan.checks.length} checks apply.`,
    );
  }
  details.push(plan.unread.length ? PARTLY_UNREAD(plan) : "Anything else the criterion asks for is not measured by these checks: use an LLM judge for it.");
  return { ok: true, measurable: !(onlyImmediate && plan.immediate === "not-measurable"), measuredBy, details, warning, checks: plan };
}

/**
 * What `judge` will measure `text` by in `mode`, before anything is stored: the checks (and
 * whether they need the tool's response) for the built-in judge, the model and what it sees for
 * the others. `catalogue` is the built-in judge's (CHECK_INFOS), passed in to keep this free of its code.
 */
export function describeMeasurement(judge: JudgeChoice, text: string, mode: RunMode, catalogue: readonly CheckInfo[]): MeasurementPlan {
  const parsed = parseScopedCriterion(text);
  if (!parsed.ok) return parsed;
  if (parsed.scope === "agent") return agentMeasurement(judge, parsed.criterion);
  if (judge.kind === "checks") return checksPlan(describeChecksPlan(catalogue, parsed.criterion), mode);
  const scale = parsed.criterion.scale === "binary" ? "a pass or a fail" : "a score from 0 to 1";
  return {
    ok: true,
    measurable: judge.configured,
    measuredBy: `Judged by ${judgedBy(judge)}, ${VIEWS[mode]}.`,
    details: [`The judge reads the criterion as written and answers with ${scale} and an explanation for every call; each call is one request to the judge, which may cost money.`],
    warning: judge.configured ? null : `The ${judge.label} judge is not configured on this server: ${judge.reason ?? "its settings are missing"}.`,
    checks: null,
  };
}

const WHOLE_TRANSCRIPT = "An agent-level criterion: judged once per transcript, on the whole transcript, whatever the run's mode.";

/** An agent-level criterion: the built-in agent checks, or a model given the whole transcript; Composo cannot judge one. */
function agentMeasurement(judge: JudgeChoice, criterion: Criterion): MeasurementPlan {
  if (judge.kind === "checks") {
    const plan = describeAgentChecksPlan(criterion.condition);
    if (!plan.measurable && plan.unread.length) return unreadPlan(plan, "agent criterion", [plan.summary, WHOLE_TRANSCRIPT]);
    if (!plan.measurable) {
      return { ok: true, measurable: false, measuredBy: "Measured by nothing: no built-in agent check applies.", details: [plan.summary, WHOLE_TRANSCRIPT], warning: "The built-in judge cannot measure this agent criterion: every result would be not applicable. Try an LLM judge or rephrase it.", checks: plan };
    }
    const checks = plan.checks.map((check) => check.title.toLowerCase()).join(", ");
    return { ok: true, measurable: true, measuredBy: `Measured by the built-in agent checks on ${plan.topics.join(", ")}: ${checks}.`, details: [WHOLE_TRANSCRIPT, plan.unread.length ? PARTLY_UNREAD(plan) : "Anything else the criterion asks for is not measured by these checks: use an LLM judge for it."], warning: null, checks: plan };
  }
  if (judge.kind === "composo") {
    return { ok: true, measurable: false, measuredBy: `Not measurable by ${judgedBy(judge)}: it judges tool calls only.`, details: [WHOLE_TRANSCRIPT], warning: "The Composo judge cannot judge agent-level criteria: every result would be an error. Choose the built-in, OpenAI-compatible or Anthropic judge.", checks: null };
  }
  const scale = criterion.scale === "binary" ? "a pass or a fail" : "a score from 0 to 1";
  return {
    ok: true,
    measurable: judge.configured,
    measuredBy: `Judged by ${judgedBy(judge)}, given the whole transcript.`,
    details: [WHOLE_TRANSCRIPT, `The judge reads the criterion as written and answers with ${scale} and an explanation for every transcript; each transcript is one request to the judge, which may cost money.`],
    warning: judge.configured ? null : `The ${judge.label} judge is not configured on this server: ${judge.reason ?? "its settings are missing"}.`,
    checks: null,
  };
}
