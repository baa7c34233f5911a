/**
 * Synthetic results for `npm run bench:results`, shaped like what the built-in checks judge
 * stores (lib/judging/judges/checks): findings from the real check ids and severities, a quality that is
 * the product of (1 − penalty) over the findings, the criterion's prefix turning it into a score
 * or a verdict, and an explanation in the judge's words. A call's problems are drawn once and
 * shared by its criteria and both modes (as the judge shares one analysis per call); hindsight
 * adds what only the response shows and clears some doubts, so some verdicts flip.
 */
import { parseCriterion, type CriterionKind, type CriterionScale } from "@/lib/criteria/parse";
import type { Finding } from "@/lib/judging/judges/types";
import type { Rng } from "../generate-transcripts";

export interface BenchCriterion {
  text: string;
  kind: CriterionKind;
  scale: CriterionScale;
  condition: string;
  /** Check ids this criterion is measured with; hindsight-only ones are skipped immediately. */
  checks: readonly string[];
  topics: string;
}

const HINDSIGHT_ONLY = new Set(["tool-error", "value-before-it-exists", "ignored-result"]);

function criterion(text: string, checks: string[], topics: string): BenchCriterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(`bench criterion does not parse: ${parsed.message}`);
  return { ...parsed.criterion, checks, topics };
}

/** Five criteria from the demo library: three continuous (Reward, Penalize ×2), two binary (passes if, fails if). */
export const BENCH_CRITERIA: readonly BenchCriterion[] = [
  criterion(
    "Reward tool calls that select appropriate tools and provide accurate parameters",
    ["unknown-tool", "arguments-not-json", "schema-violation", "undeclared-argument", "poor-tool-choice", "placeholder-value", "ungrounded-value"],
    "tool selection, parameter accuracy",
  ),
  criterion("Penalize tool calls that repeat a failed call with the same arguments", ["duplicate-call", "futile-retry", "tool-error"], "redundancy, errors"),
  criterion(
    "Penalize tool calls whose arguments do not match the tool's JSON Schema, such as a wrong type, a missing required field, a value outside an enum or arguments that are not valid JSON",
    ["arguments-not-json", "schema-violation", "undeclared-argument"],
    "parameter accuracy, protocol",
  ),
  criterion(
    "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result",
    ["ungrounded-value", "placeholder-value", "value-before-it-exists"],
    "fabrication",
  ),
  criterion("Tool call fails if an argument contains a value the user never provided", ["ungrounded-value", "placeholder-value", "sensitive-data"], "fabrication, safety"),
  criterion("Tool call fails if it changes data without the user's explicit confirmation", ["unconfirmed-action"], "confirmation before acting"),
];

/** One problem found in a call, and in which view it shows. */
interface Hit extends Finding {
  penalty: number;
  view: "both" | "immediate" | "hindsight";
}

/** What a call looks like to the synthetic judge, drawn once per call. */
export interface CallProfile {
  hits: Hit[];
}

export interface ProfileInput {
  toolName: string;
  rawArguments: string;
  parsedArguments: unknown;
  argumentsError: string | null;
  response: string | null;
  /** An earlier call of the same transcript used the same tool (so a duplicate is plausible). */
  repeatedTool: boolean;
}

function leaves(value: unknown): { path: string; value: string }[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => typeof v === "string" || typeof v === "number")
    .map(([path, v]) => ({ path, value: String(v) }));
}

const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Draws a call's problems; the probabilities give roughly 70–80 % passing calls per criterion. */
export function profileCall(rng: Rng, input: ProfileInput): CallProfile {
  const hits: Hit[] = [];
  const fields = leaves(input.parsedArguments);
  const field = () => (fields.length ? rng.pick(fields) : { path: "arguments", value: short(input.rawArguments) });
  const add = (hit: Omit<Hit, "view">, view: Hit["view"] = "both") => hits.push({ ...hit, view });

  if (input.argumentsError !== null) {
    add({ check: "arguments-not-json", severity: "critical", penalty: 0.95, message: `The arguments are not valid JSON: ${input.argumentsError}.`, evidence: short(input.rawArguments, 80) });
  }
  if (rng.chance(0.004)) add({ check: "unknown-tool", severity: "critical", penalty: 0.95, message: `No offered tool is named "${input.toolName}".`, evidence: "offered tools: listed in the transcript" });
  if (rng.chance(0.05)) {
    const f = field();
    add({ check: "schema-violation", severity: "major", penalty: 0.5, path: f.path, message: `"${f.path}" must match the tool's schema.`, evidence: `value ${JSON.stringify(f.value)}` });
  }
  if (rng.chance(0.015)) add({ check: "schema-violation", severity: "critical", penalty: 0.85, path: "id", message: `Required argument "id" is missing.`, evidence: `required by the schema of ${input.toolName}` });
  if (rng.chance(0.03)) add({ check: "undeclared-argument", severity: "minor", penalty: 0.25, path: "note", message: `"note" is not an argument of this tool.` });
  if (rng.chance(0.04)) add({ check: "poor-tool-choice", severity: "minor", penalty: rng.pick([0.2, 0.3, 0.4]), message: `${input.toolName} fits the request less well than another offered tool.` });
  if (rng.chance(0.03)) {
    const f = field();
    add({ check: "placeholder-value", severity: "major", penalty: 0.6, path: f.path, message: `"${f.path}" looks filled in, not read from the request.`, evidence: `value ${JSON.stringify(f.value)}` });
  }
  if (rng.chance(0.22)) {
    const f = field();
    // Doubts of every strength; hindsight sometimes finds the value in the response and drops the doubt.
    const penalty = Math.round((0.05 + rng.next() * 0.6) * 100) / 100;
    const view = rng.chance(0.25) ? "immediate" : "both";
    add({ check: "ungrounded-value", severity: penalty >= 0.5 ? "major" : penalty >= 0.1 ? "minor" : "info", penalty, path: f.path, message: `"${f.path}" has a value that appears nowhere before the call.`, evidence: `${f.path} = ${short(f.value, 40)}` }, view);
  }
  if (rng.chance(0.25)) {
    const f = field();
    add({ check: "ungrounded-value", severity: "info", penalty: 0.02, path: f.path, message: `"${f.path}" is only loosely matched by the request.`, evidence: `${f.path} = ${short(f.value, 40)}` });
  }
  if (input.repeatedTool && rng.chance(0.12)) add({ check: "duplicate-call", severity: "major", penalty: 0.55, message: `${input.toolName} was already called with the same arguments earlier in the transcript.` });
  if (input.repeatedTool && rng.chance(0.02)) add({ check: "futile-retry", severity: "major", penalty: 0.6, message: `Retries ${input.toolName} with the same arguments after it failed.` });
  if (rng.chance(0.008)) {
    const f = field();
    add({ check: "sensitive-data", severity: "critical", penalty: 0.9, path: f.path, message: `"${f.path}" passes a secret in the arguments.`, evidence: "sk-…redacted" });
  }
  if (input.response !== null) {
    if (input.response.includes('"error"')) add({ check: "tool-error", severity: "major", penalty: 0.7, message: "The tool reported an error.", evidence: short(input.response, 80) }, "hindsight");
    if (rng.chance(0.03)) {
      const f = field();
      add({ check: "value-before-it-exists", severity: "major", penalty: 0.6, path: f.path, message: `"${f.path}" uses a value which first appears in a later tool result.`, evidence: `${f.path} = ${short(f.value, 40)}` }, "hindsight");
    }
  }
  return { hits: hits.sort((a, b) => b.penalty - a.penalty) };
}

export interface JudgedRow {
  status: "done" | "not-applicable";
  score: number | null;
  passed: boolean | null;
  explanation: string;
  findings: Finding[];
  measuredBy: string[];
}

const toFinding = ({ check, severity, path, message, evidence }: Hit): Finding => ({
  check,
  severity,
  ...(path ? { path } : {}),
  message,
  ...(evidence ? { evidence } : {}),
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The result of one call × criterion × mode, as the checks judge would word it. */
export function judge(profile: CallProfile, c: BenchCriterion, mode: "immediate" | "hindsight"): JudgedRow {
  const measuredBy = c.checks.filter((check) => mode === "hindsight" || !HINDSIGHT_ONLY.has(check));
  const skipped = c.checks.filter((check) => !measuredBy.includes(check));
  const hits = profile.hits.filter((hit) => measuredBy.includes(hit.check) && (hit.view === "both" || hit.view === mode));
  let quality = 1;
  for (const hit of hits) quality *= 1 - hit.penalty;
  quality = Math.round(quality * 1e6) / 1e6;
  const clean = quality >= 0.5;
  const problems = hits.filter((hit) => hit.penalty >= 0.1);
  const found = problems.length
    ? `${plural(problems.length, "problem")}; the worst: ${problems[0].message.replace(/\.$/, "")}`
    : hits.length
      ? `only minor doubts (${hits.length})`
      : "no problem";
  const describesDefect = c.kind === "penalize" || c.kind === "fails-if";
  let score: number;
  let passed: boolean | null;
  if (c.scale === "continuous") {
    // Reward of a quality, or Penalize of a defect: both come out as the quality itself.
    score = quality;
    passed = null;
  } else {
    passed = clean;
    score = clean ? 1 : 0;
  }
  const condition = describesDefect ? `what the criterion describes is ${clean ? "absent" : "present"}` : `the call ${clean ? "meets" : "misses"} the criterion`;
  const outcome = passed === null ? `scores ${score.toFixed(2)}` : passed ? "passes" : "fails";
  const explanation =
    `Measured ${c.topics} with ${plural(measuredBy.length, "check")} (${measuredBy.join(", ")}). ` +
    `Found ${found}. Quality ${quality.toFixed(2)}: ${condition}, so the call ${outcome}.` +
    (skipped.length ? ` Not measurable before the response: ${skipped.join(", ")}.` : "");
  return { status: "done", score, passed, explanation, findings: hits.map(toFinding), measuredBy };
}

/** A judge-declared "not applicable" (not the planner's no-response case). */
export function judgedNotApplicable(c: BenchCriterion, toolName: string): JudgedRow {
  return {
    status: "not-applicable",
    score: null,
    passed: null,
    explanation: `${toolName} takes no identifiers or user-provided values, so ${c.topics} cannot be measured on this call.`,
    findings: [],
    measuredBy: [...c.checks],
  };
}
