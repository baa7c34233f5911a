import type { Criterion } from "@/lib/criteria/parse";
import { needsModelJudge, needsModelJudgeMidSentence } from "../meaning-level";
import { notApplicable, type CallView, type Finding, type Judge, type JudgeInput, type JudgeResult, type ViewMode } from "../types";
import type { Check, CheckHit, Topic } from "./check";
import { CHECK_INFOS, checkById } from "./catalogue";
import { describeChecksPlan, type ChecksPlanDescription } from "./describe";
import { CallContext } from "./context";
import { HINDSIGHT_TOPICS, TOPIC_VOCABULARY, mapCriterion } from "./mapper";
import { PASS_QUALITY, quality, verdict, verdictQuality } from "./scoring";
import { CHECKS_JUDGE_ID, CHECKS_JUDGE_VERSION } from "./version";
import { sharedCache } from "./shared-caches";

export { CHECKS } from "./catalogue";
export { TOPIC_VOCABULARY, mapCriterion } from "./mapper";
export { type ChecksPlanDescription } from "./describe";
export { CHECK_INFOS } from "./catalogue";

/** What the built-in judge will measure for a criterion, with the built-in catalogue. */
export function describeForChecks(criterion: Criterion): ChecksPlanDescription {
  return describeChecksPlan(CHECK_INFOS, criterion);
}

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
      const { severity, penalty, path, message, evidence, topics } = found[at];
      hits.push({ severity, penalty, path, message, evidence, topics, check: check.id });
    }
  }
  return hits;
}

// Keys in the order of the engine's result schema (judge-result.ts), which then takes the finding as it is.
function toFinding({ check, severity, path, message, evidence }: LabelledHit): Finding {
  const finding: Finding = path !== undefined && path !== "" ? { check, severity, path, message } : { check, severity, message };
  if (evidence !== undefined) finding.evidence = evidence;
  return finding;
}

const TOPIC_LABEL = (topic: Topic) => TOPIC_VOCABULARY[topic].label;
const ALL_TOPICS = Object.values(TOPIC_VOCABULARY).map((entry) => entry.label).join(", ");

/** What a criterion measures in a view: the same for every call, so computed once. */
interface Plan {
  checks: Check[];
  notApplicable: JudgeResult | null;
  describesDefect: boolean;
  /** Topics whose hits count, and checks whose hits count whatever their topics. */
  topics: ReadonlySet<Topic>;
  specific: ReadonlySet<string>;
  /**
   * True when every topic depends on the tool's response and the view has none: only a check
   * that predicts the outcome (a retry of a call that already failed) can give a verdict.
   */
  predictiveOnly: boolean;
  /** "tool selection, parameter accuracy", for explanations. */
  measured: string;
  /** The explanation's closing sentence on checks this view cannot run, or "". */
  unmeasurable: string;
  /**
   * What the criterion asks that the checks cannot read ("Policy compliance needs an LLM judge…"),
   * or "": a call the checks find no problem with then has no verdict.
   */
  unreadable: string;
  /** The same, to follow "Not measured: ". */
  unreadMidSentence: string;
  /** Plans that filter hits the same way share one key, so a call's outcome is computed once for them. */
  outcomeKey: string;
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
    plan = buildPlan(input.criterion, input.view);
    if (plans.size > 1000) plans.clear();
    plans.set(key, plan);
  }
  perView[input.view] = plan;
  return plan;
}

function buildPlan(criterion: Criterion, view: ViewMode): Plan {
  const mapping = mapCriterion(criterion);
  const checks = mapping.checks.filter((check) => check.views.includes(view));
  const skipped = mapping.checks.filter((check) => !check.views.includes(view));
  const topicLabels = [...mapping.topics.map(TOPIC_LABEL), ...mapping.specific.map((id) => checkById(id)?.title.toLowerCase() ?? id)];
  let notApplicableResult: JudgeResult | null = null;
  const unreadable = mapping.meaning.length ? needsModelJudge(mapping.meaning) : "";
  if (!mapping.checks.length && unreadable) {
    notApplicableResult = notApplicable(`Built-in judge: not measured. ${unreadable} The built-in checks read the structure of calls, not ${mapping.meaning.length > 1 ? "these" : "this"}.`);
  } else if (!mapping.checks.length) {
    notApplicableResult = notApplicable(
      `No built-in check measures "${criterion.condition}". The checks judge covers ${ALL_TOPICS}; use an LLM judge for this criterion.`,
    );
  } else if (!checks.length) {
    notApplicableResult = notApplicable(
      `${topicLabels.join(", ")} can only be measured with the tool's response (hindsight: ${skipped.map((check) => check.id).join(", ")}); this call is judged before its response.`,
      skipped.map((check) => check.id),
    );
  }
  const predictiveOnly = view === "immediate" && mapping.topics.length > 0 && !mapping.specific.length && mapping.topics.every((topic) => HINDSIGHT_TOPICS.has(topic));
  const measuredBy = checks.map((check) => check.id);
  const listKey = measuredBy.join(",");
  let shared = checkLists.get(listKey);
  if (!shared) checkLists.set(listKey, (shared = checks));
  const topics = new Set(mapping.topics);
  const specific = new Set(mapping.specific);
  return {
    checks: shared,
    notApplicable: notApplicableResult,
    describesDefect: mapping.describesDefect,
    topics,
    specific,
    predictiveOnly,
    measured: topicLabels.join(", "),
    unreadable,
    unreadMidSentence: mapping.meaning.length ? needsModelJudgeMidSentence(mapping.meaning) : "",
    unmeasurable: skipped.length ? ` Not measurable ${view === "immediate" ? "before the response" : "in this view"}: ${skipped.map((check) => check.id).join(", ")}.` : "",
    outcomeKey: `${listKey}\u0000${[...topics].sort().join(",")}\u0000${[...specific].sort().join(",")}`,
  };
}

/** What the checks found about a call, shared by every criterion that counts the same hits. */
interface Outcome {
  hits: LabelledHit[];
  quality: number;
  /** The quality pass/fail verdicts use: doubts alone do not fail a call. */
  verdictQuality: number;
  /** Checks that measured the call. */
  measuredBy: string[];
  /** Why each check that could not measure the call did not ("poor-tool-choice: no request"). */
  abstained: string[];
  /** "Found …. Quality 0.40: ", the explanation's middle, the same for every criterion. */
  found: string;
}

const byPenalty = (a: LabelledHit, b: LabelledHit) => b.penalty - a.penalty;

/** A hit counts for a criterion when its check was named, or when it speaks to one of the criterion's topics. */
function counts(hit: LabelledHit, plan: Plan): boolean {
  return plan.specific.has(hit.check) || !hit.topics || hit.topics.some((topic) => plan.topics.has(topic));
}

function computeOutcome(plan: Plan, context: CallContext): Outcome {
  const measured: Check[] = [];
  const abstained: string[] = [];
  for (const check of plan.checks) {
    const reason = check.unmeasurable?.(context) ?? null;
    if (reason === null) measured.push(check);
    else abstained.push(`${check.id} (${reason})`);
  }
  const hits = runChecks(measured, context).filter((hit) => counts(hit, plan));
  // Sorted first: the quality is a product, whose last digit depends on the order.
  if (hits.length > 1) hits.sort(byPenalty);
  const callQuality = quality(hits);
  let found = "no problem";
  // Notes (no penalty: "matches expected call 2") are evidence, not doubts. Counted in one pass: a
  // call has few hits, and every call gets here.
  let doubts = 0;
  let problems = 0;
  let worst: LabelledHit | null = null;
  for (const hit of hits) {
    if (hit.penalty > 0) {
      doubts++;
      if (hit.penalty >= 0.1) {
        problems++;
        worst ??= hit;
      }
    }
  }
  if (worst) found = `${problems} problem${problems > 1 ? "s" : ""}; the worst: ${worst.message.replace(/\.$/, "")}`;
  else if (doubts) found = `only minor doubts (${doubts})`;
  return { hits, quality: callQuality, verdictQuality: verdictQuality(hits, callQuality), measuredBy: measured.map((check) => check.id), abstained, found: `Found ${found}. Quality ${callQuality.toFixed(2)}: ` };
}

function evaluateNow(input: JudgeInput): JudgeResult {
  const { criterion } = input;
  const plan = planFor(input);
  if (plan.notApplicable) return { ...plan.notApplicable, findings: [], measuredBy: [...(plan.notApplicable.measuredBy ?? [])] };
  const outcome = contextFor(input.content).outcomeOf(plan.outcomeKey, () => computeOutcome(plan, contextFor(input.content)));
  const { hits, found, measuredBy, abstained } = outcome;
  const binary = criterion.kind === "passes-if" || criterion.kind === "fails-if";
  const callQuality = binary ? outcome.verdictQuality : outcome.quality;
  const onlyDoubts = binary && callQuality !== outcome.quality;
  if (!measuredBy.length) {
    return notApplicable(`Nothing measured ${plan.measured} on this call: ${abstained.join("; ")}.${plan.unmeasurable}`, []);
  }
  // Before the response, "does the call fail?" has an answer only when something predicts it.
  if (plan.predictiveOnly && !hits.some((hit) => hit.penalty > 0.5)) {
    return notApplicable(
      `Whether the call ${plan.describesDefect ? "runs into" : "avoids"} ${plan.measured} shows only in its response, and nothing before the call predicts it (checked: ${measuredBy.join(", ")}).${plan.unmeasurable}`,
      measuredBy,
    );
  }
  const clean = callQuality >= PASS_QUALITY;
  // Part of the criterion is out of the checks' sight: only a problem they found is evidence.
  if (plan.unreadable && clean) {
    return notApplicable(`Measured ${plan.measured} with ${measuredBy.join(", ")} and found no problem there, which does not settle the criterion. ${plan.unreadable}${plan.unmeasurable}`, measuredBy);
  }
  const { score, passed } = verdict(criterion, callQuality, plan.describesDefect);
  const doubts = onlyDoubts ? "none of the doubts is conclusive, so " : "";
  const condition = doubts + (plan.describesDefect ? (clean ? "what the criterion describes is absent" : "what the criterion describes is present") : clean ? "the call meets the criterion" : "the call misses the criterion");
  const result = passed === null ? `scores ${score.toFixed(2)}` : passed ? "passes" : "fails";
  const partly = abstained.length ? ` Not measured on this call: ${abstained.join("; ")}.` : "";
  const unread = plan.unreadMidSentence ? ` Not measured: ${plan.unreadMidSentence}` : "";
  const explanation = `Measured ${plan.measured} with ${measuredBy.length} check${measuredBy.length > 1 ? "s" : ""} (${measuredBy.join(", ")}). ${found}${condition}, so the call ${result}.${partly}${plan.unmeasurable}${unread}`;
  return { score, passed, applicable: true, explanation, findings: hits.map(toFinding), measuredBy: measuredBy.slice() };
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
    cacheable: false,
    async evaluate(input: JudgeInput, signal?: AbortSignal): Promise<JudgeResult> {
      signal?.throwIfAborted();
      return evaluateNow(input);
    },
    async evaluateMany(inputs: readonly JudgeInput[], signal?: AbortSignal): Promise<PromiseSettledResult<JudgeResult>[]> {
      signal?.throwIfAborted();
      return inputs.map((input): PromiseSettledResult<JudgeResult> => {
        try {
          return { status: "fulfilled", value: evaluateNow(input) };
        } catch (reason) {
          return { status: "rejected", reason };
        }
      });
    },
  };
}

/** Synchronous form for hot loops (benchmarks, batch re-scoring) that need no promise per call. */
export const evaluateWithChecks = evaluateNow;

export const checksJudge: VersionedJudge = createChecksJudge();
