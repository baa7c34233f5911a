import type { Criterion } from "@/lib/criteria/parse";
import { notApplicable, type CallView, type Finding, type Judge, type JudgeInput, type JudgeResult, type ViewMode } from "../types";
import type { Check, CheckHit } from "./check";
import { CallContext } from "./context";
import { HINDSIGHT_TOPICS, TOPIC_VOCABULARY, mapCriterion } from "./mapper";
import { PASS_QUALITY, quality, verdict } from "./scoring";

export { CHECKS } from "./catalogue";
export { TOPIC_VOCABULARY, mapCriterion } from "./mapper";

export const CHECKS_JUDGE_ID = "checks";

// Both criteria of a run (and both modes' shared checks) reuse one analysis of the view.
const contexts = new WeakMap<CallView, CallContext>();

function contextFor(view: CallView): CallContext {
  let context = contexts.get(view);
  if (!context) contexts.set(view, (context = new CallContext(view)));
  return context;
}

type LabelledHit = CheckHit & { check: string };

function runChecks(checks: readonly Check[], context: CallContext): LabelledHit[] {
  const hits: LabelledHit[] = [];
  for (const check of checks) {
    for (const hit of context.memo(check, () => check.run(context))) hits.push({ ...hit, check: check.id });
  }
  return hits;
}

function toFinding({ check, severity, path, message, evidence }: LabelledHit): Finding {
  const finding: Finding = { check, severity, message };
  if (path !== undefined && path !== "") finding.path = path;
  if (evidence !== undefined) finding.evidence = evidence;
  return finding;
}

const listTopics = (topics: readonly string[]) => topics.map((topic) => TOPIC_VOCABULARY[topic as keyof typeof TOPIC_VOCABULARY].label).join(", ");
const ALL_TOPICS = Object.values(TOPIC_VOCABULARY).map((entry) => entry.label).join(", ");

/** What a criterion measures in a view: the same for every call, so computed once. */
interface Plan {
  checks: Check[];
  skipped: Check[];
  notApplicable: JudgeResult | null;
  measured: string;
  measuredBy: string[];
}

// Plans by criterion object (engines reuse one per run), then by condition text.
const plansByCriterion = new WeakMap<Criterion, Partial<Record<ViewMode, Plan>>>();
const plans = new Map<string, Plan>();
// Criteria that run the same checks share one list, so a call's outcome is computed once for all.
const checkLists = new Map<string, Check[]>();

function planFor(input: JudgeInput): Plan {
  let perView = plansByCriterion.get(input.criterion);
  if (!perView) plansByCriterion.set(input.criterion, (perView = {}));
  const known = perView[input.view];
  if (known) return known;
  const key = `${input.view}\u0000${input.criterion.condition}`;
  let plan = plans.get(key);
  if (!plan) {
    plan = buildPlan(input);
    if (plans.size > 1000) plans.clear();
    plans.set(key, plan);
  }
  perView[input.view] = plan;
  return plan;
}

function buildPlan(input: JudgeInput): Plan {
  const { criterion } = input;
  const mapping = mapCriterion(criterion);
  const checks = mapping.checks.filter((check) => check.views.includes(input.view));
  const skipped = mapping.checks.filter((check) => !check.views.includes(input.view));
  let notApplicableResult: JudgeResult | null = null;
  if (!mapping.topics.length) {
    notApplicableResult = notApplicable(
      `No built-in check measures "${criterion.condition}". The checks judge covers ${ALL_TOPICS}; use an LLM judge for this criterion.`,
    );
  } else if (!checks.length || (input.view === "immediate" && mapping.topics.every((topic) => HINDSIGHT_TOPICS.has(topic)))) {
    notApplicableResult = notApplicable(
      `${listTopics(mapping.topics)} can only be measured with the tool's response (hindsight: ${skipped.map((check) => check.id).join(", ")}); this call is judged ${input.view === "immediate" ? "before its response" : "in hindsight"}.`,
      skipped.map((check) => check.id),
    );
  }
  const measuredBy = checks.map((check) => check.id);
  const key = measuredBy.join(",");
  let shared = checkLists.get(key);
  if (!shared) checkLists.set(key, (shared = checks));
  return {
    checks: shared,
    skipped,
    notApplicable: notApplicableResult,
    measured: `Measured ${listTopics(mapping.topics)} with ${checks.length} check${checks.length > 1 ? "s" : ""} (${measuredBy.join(", ")}). `,
    measuredBy,
  };
}

/** What the checks found about a call, shared by every criterion that runs the same checks. */
interface Outcome {
  hits: LabelledHit[];
  quality: number;
  found: string;
}

function outcomeOf(checks: readonly Check[], context: CallContext): Outcome {
  return context.memo(checks, () => {
    const hits = runChecks(checks, context).sort((a, b) => b.penalty - a.penalty);
    const problems = hits.filter((hit) => hit.penalty >= 0.1);
    const found = problems.length
      ? `${problems.length} problem${problems.length > 1 ? "s" : ""}; the worst: ${problems[0].message.replace(/\.$/, "")}`
      : hits.length
        ? `only minor doubts (${hits.length})`
        : "no problem";
    return { hits, quality: quality(hits), found };
  });
}

function evaluateNow(input: JudgeInput): JudgeResult {
  const { criterion } = input;
  const plan = planFor(input);
  if (plan.notApplicable) return { ...plan.notApplicable, findings: [], measuredBy: [...(plan.notApplicable.measuredBy ?? [])] };
  const { checks, skipped } = plan;
  const mapping = mapCriterion(criterion);
  const { hits, quality: callQuality, found } = outcomeOf(checks, contextFor(input.content));
  const { score, passed } = verdict(criterion, callQuality, mapping.describesDefect);
  const clean = callQuality >= PASS_QUALITY;
  const condition = mapping.describesDefect ? `what the criterion describes is ${clean ? "absent" : "present"}` : `the call ${clean ? "meets" : "misses"} the criterion`;
  const outcome = passed === null ? `scores ${score.toFixed(2)}` : passed ? "passes" : "fails";
  const explanation =
    plan.measured +
    `Found ${found}. Quality ${callQuality.toFixed(2)}: ${condition}, so the call ${outcome}.` +
    (skipped.length ? ` Not measurable ${input.view === "immediate" ? "before the response" : "in this view"}: ${skipped.map((check) => check.id).join(", ")}.` : "");
  return { score, passed, applicable: true, explanation, findings: hits.map(toFinding), measuredBy: [...plan.measuredBy] };
}

/** The built-in judge: offline, deterministic, fast, and explicit about what it measured. */
export function createChecksJudge(): Judge {
  return {
    id: CHECKS_JUDGE_ID,
    async evaluate(input: JudgeInput, signal?: AbortSignal): Promise<JudgeResult> {
      signal?.throwIfAborted();
      return evaluateNow(input);
    },
  };
}

/** Synchronous form for hot loops (benchmarks, batch re-scoring) that need no promise per call. */
export const evaluateWithChecks = evaluateNow;

export const checksJudge: Judge = createChecksJudge();
