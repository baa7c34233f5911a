import type { Criterion } from "@/lib/criteria/parse";
import { notApplicable, type CallView, type Finding, type Judge, type JudgeInput, type JudgeResult, type ViewMode } from "../types";
import type { Check, CheckHit } from "./check";
import { CallContext } from "./context";
import { HINDSIGHT_TOPICS, TOPIC_VOCABULARY, mapCriterion } from "./mapper";
import { PASS_QUALITY, quality, verdict } from "./scoring";
import { CHECKS_JUDGE_ID, CHECKS_JUDGE_VERSION } from "./version";
import { sharedCache } from "./shared-caches";

export { CHECKS } from "./catalogue";
export { TOPIC_VOCABULARY, mapCriterion } from "./mapper";

export { CHECKS_JUDGE_ID, CHECKS_JUDGE_VERSION } from "./version";

/**
 * Forgets everything the judge remembers by content (text analyses, compiled schemas, plans):
 * for benchmarks that judge one set repeatedly and must measure the work, not a cache.
 */
export { clearSharedCaches as clearChecksCaches } from "./shared-caches";

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
  for (let index = 0; index < checks.length; index++) {
    const check = checks[index];
    const found = context.hitsOf(check);
    for (let at = 0; at < found.length; at++) {
      const { severity, penalty, path, message, evidence } = found[at];
      hits.push({ severity, penalty, path, message, evidence, check: check.id });
    }
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
  notApplicable: JudgeResult | null;
  describesDefect: boolean;
  measured: string;
  measuredBy: string[];
  /** The explanation's closing sentence on checks this view cannot run, or "". */
  unmeasurable: string;
}

// Plans by criterion object (engines reuse one per run), then by condition text.
const plansByCriterion = new WeakMap<Criterion, Partial<Record<ViewMode, Plan>>>();
const plans = sharedCache(new Map<string, Plan>());
// Criteria that run the same checks share one list, so a call's outcome is computed once for all.
const checkLists = sharedCache(new Map<string, Check[]>());

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
    notApplicable: notApplicableResult,
    describesDefect: mapping.describesDefect,
    measured: `Measured ${listTopics(mapping.topics)} with ${checks.length} check${checks.length > 1 ? "s" : ""} (${measuredBy.join(", ")}). `,
    measuredBy,
    unmeasurable: skipped.length ? ` Not measurable ${input.view === "immediate" ? "before the response" : "in this view"}: ${skipped.map((check) => check.id).join(", ")}.` : "",
  };
}

/** What the checks found about a call, shared by every criterion that runs the same checks. */
interface Outcome {
  hits: LabelledHit[];
  quality: number;
  /** "Found …. Quality 0.40: ", the explanation's middle, the same for every criterion. */
  found: string;
}

const byPenalty = (a: LabelledHit, b: LabelledHit) => b.penalty - a.penalty;

function computeOutcome(checks: readonly Check[], context: CallContext): Outcome {
  const hits = runChecks(checks, context);
  // Sorted first: the quality is a product, whose last digit depends on the order.
  if (hits.length > 1) hits.sort(byPenalty);
  const callQuality = quality(hits);
  let found = "no problem";
  if (hits.length) {
    const problems = hits.filter((hit) => hit.penalty >= 0.1);
    found = problems.length
      ? `${problems.length} problem${problems.length > 1 ? "s" : ""}; the worst: ${problems[0].message.replace(/\.$/, "")}`
      : `only minor doubts (${hits.length})`;
  }
  return { hits, quality: callQuality, found: `Found ${found}. Quality ${callQuality.toFixed(2)}: ` };
}

function evaluateNow(input: JudgeInput): JudgeResult {
  const { criterion } = input;
  const plan = planFor(input);
  if (plan.notApplicable) return { ...plan.notApplicable, findings: [], measuredBy: [...(plan.notApplicable.measuredBy ?? [])] };
  const { hits, quality: callQuality, found } = contextFor(input.content).outcomeOf(plan.checks, computeOutcome);
  const { score, passed } = verdict(criterion, callQuality, plan.describesDefect);
  const clean = callQuality >= PASS_QUALITY;
  const condition = plan.describesDefect ? (clean ? "what the criterion describes is absent" : "what the criterion describes is present") : clean ? "the call meets the criterion" : "the call misses the criterion";
  const outcome = passed === null ? `scores ${score.toFixed(2)}` : passed ? "passes" : "fails";
  const explanation = `${plan.measured}${found}${condition}, so the call ${outcome}.${plan.unmeasurable}`;
  return { score, passed, applicable: true, explanation, findings: hits.map(toFinding), measuredBy: plan.measuredBy.slice() };
}

/** A judge whose results depend on its own code, which it names. */
export interface VersionedJudge extends Judge {
  version: string;
}

/** The built-in judge: offline, deterministic, fast, and explicit about what it measured. */
export function createChecksJudge(): VersionedJudge {
  return {
    id: CHECKS_JUDGE_ID,
    version: CHECKS_JUDGE_VERSION,
    async evaluate(input: JudgeInput, signal?: AbortSignal): Promise<JudgeResult> {
      signal?.throwIfAborted();
      return evaluateNow(input);
    },
  };
}

/** Synchronous form for hot loops (benchmarks, batch re-scoring) that need no promise per call. */
export const evaluateWithChecks = evaluateNow;

export const checksJudge: VersionedJudge = createChecksJudge();
