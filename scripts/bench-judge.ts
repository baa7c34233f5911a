/**
 * Measures a judge on a labelled JSONL file (format: shared/datasets/README.md).
 *
 *   npm run bench:judge -- --cases <file.jsonl> [--judge checks] [--json] [--passes N] [--show-misses N]
 *     [--criteria "<criterion>"]... [--mode auto|immediate|hindsight] [--by-category]
 *     [--category NAME]... [--exclude-category NAME]... [--leave-one-out]
 *
 * --leave-one-out prints, for each category in turn, the figures on the other categories (the
 * dev side) beside the figures on that category alone (left out).
 * Without --criteria the dataset's two criteria are used (a binary one for verdicts, a continuous
 * one for ranking). --category keeps only the named categories (a case's `category` field),
 * --exclude-category leaves them out: with both, a set can be measured with one category held out.
 *
 * Every call is judged first, with the labels stripped from what the judge sees; labels are
 * joined only afterwards to compute the metrics, from the first pass.
 *
 * The process runs with the worker's V8 flags (WORKER_NODE_FLAGS in scripts/supervised.ts: a
 * 64 MB young generation, no inlining in the optimising compiler), since runs judge in the worker;
 * package.json passes them.
 *
 * Throughput is timed per second of the process's CPU time, all threads (V8's compiler and
 * garbage collector included), over the judging loop only: each call's view building and both
 * criteria's judging through the engine (lib/judging/engine/judge-calls.ts), as runs call it: in
 * batches of the worker's size, which the built-in judge answers as groups. Reading, importing and
 * splitting the transcripts into calls (what an upload does once, before any run) is done, and
 * its background work left to finish, before the clock starts.
 *
 * - `coldCallsPerSecond`: the first pass, in a new process: V8 compiles the judge meanwhile.
 * - `callsPerSecond`: the steady state, as in a server that has judged before: after two
 *   untimed warm-up passes, the set judged again at least 5 times and for at least 3 s of CPU
 *   (or exactly --passes N times). Every pass starts from nothing but V8's compiled code: a new judge instance, the file parsed and
 *   imported again into new objects (so no cache keyed by object can hit), and the judge's
 *   caches keyed by content emptied (so no text, schema or plan is known from the pass before).
 *   Every pass must judge every call exactly as the first did, or the bench fails.
 */
import { readFileSync } from "node:fs";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { prepareCall, type JudgeCallOutcome, type PreparedCall } from "@/lib/judging/engine/judge-call";
import { judgeCalls } from "@/lib/judging/engine/judge-calls";
import { modesFor } from "@/lib/judging/engine/modes";
import { viewFor, type ViewRequest } from "@/lib/judging/engine/views";
import { clearChecksCaches, createChecksJudge } from "@/lib/judging/judges/checks";
import type { Judge, JudgeResult } from "@/lib/judging/judges/types";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import { importItem } from "@/lib/transcripts/import-item";
import type { CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import { settle, timed, type Timing } from "./bench-judge-clock";
import { addTimings, firstDifference, wantsAnotherPass, WARMUP_PASSES } from "./bench-judge-passes";
import { byCategory, criterionMetrics, headline, type BenchCriterion, type CriterionMetrics, type LabelledJudgement } from "./bench-judge-report";

const CONTINUOUS_CRITERION = "Reward tool calls that select appropriate tools and provide accurate parameters";
const BINARY_CRITERION = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";

interface JudgeFactory {
  /** A new instance for each pass. */
  create(): Judge;
  /** Empties the judge's module-level caches keyed by content, before each pass. */
  clearCaches(): void;
}

const JUDGES: Record<string, JudgeFactory> = { checks: { create: createChecksJudge, clearCaches: clearChecksCaches } };

const MODES: readonly ViewRequest[] = ["auto", "immediate", "hindsight"];

interface Options {
  cases: string;
  judge: string;
  json: boolean;
  criteria: string[];
  mode: ViewRequest;
  categories: string[];
  excludeCategories: string[];
  byCategory: boolean;
  leaveOneOut: boolean;
  /** Warm passes to run exactly; null: at least 3, and until 2 s of CPU. */
  passes: number | null;
  showMisses: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { cases: "", judge: "checks", json: false, criteria: [], mode: "auto", categories: [], excludeCategories: [], byCategory: false, leaveOneOut: false, passes: null, showMisses: 0 };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--cases") options.cases = argv[++index] ?? "";
    else if (arg === "--judge") options.judge = argv[++index] ?? "";
    else if (arg === "--json") options.json = true;
    else if (arg === "--criteria") options.criteria.push(argv[++index] ?? "");
    else if (arg === "--mode") options.mode = (argv[++index] ?? "") as ViewRequest;
    else if (arg === "--category") options.categories.push(argv[++index] ?? "");
    else if (arg === "--exclude-category") options.excludeCategories.push(argv[++index] ?? "");
    else if (arg === "--by-category") options.byCategory = true;
    else if (arg === "--leave-one-out") options.leaveOneOut = true;
    else if (arg === "--passes") options.passes = Number(argv[++index] ?? "");
    else if (arg === "--show-misses") options.showMisses = Number(argv[++index] ?? "20");
    else if (arg === "--help" || arg === "-h") usage(0);
    else if (arg !== "--") fail(`unknown option ${arg}`);
  }
  if (!options.cases) fail("--cases <file.jsonl> is required");
  if (options.passes !== null && !(Number.isInteger(options.passes) && options.passes >= 1)) fail("--passes takes a whole number of warm passes, at least 1");
  if (!MODES.includes(options.mode)) fail(`--mode takes one of ${MODES.join(", ")}`);
  for (const text of options.criteria) {
    const parsed = parseCriterion(text);
    if (!parsed.ok) fail(`--criteria "${text}": ${parsed.message}`);
  }
  if (!JUDGES[options.judge]) fail(`unknown judge "${options.judge}"; available: ${Object.keys(JUDGES).join(", ")}`);
  return options;
}

function usage(code: number): never {
  console.log(
    'usage: npm run bench:judge -- --cases <file.jsonl> [--judge checks] [--json] [--passes N] [--show-misses N] [--criteria "<criterion>"]... [--mode auto|immediate|hindsight] [--by-category] [--category NAME]... [--exclude-category NAME]... [--leave-one-out]',
  );
  process.exit(code);
}

function fail(message: string): never {
  console.error(`bench-judge: ${message}`);
  usage(2);
}

interface Label {
  tool_call_id: string;
  verdict: "pass" | "fail";
  defect: string | null;
}

interface Case {
  id: string;
  pair: string | null;
  category: string | null;
  transcript: CanonicalTranscript;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

type ReadResult = { ok: true; case: Case; labels: Label[] } | { ok: false; error: string };

/**
 * Splits a line into what the judge may see and the labels it must not, and imports the former
 * like any upload (any accepted transcript format, normalised to the canonical shape).
 */
function readLine(line: string, lineNumber: number, file: string): ReadResult {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch (error) {
    return { ok: false, error: `line ${lineNumber}: not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isObject(row)) return { ok: false, error: `line ${lineNumber}: not a JSON object` };
  // Everything that is not the transcript stays out of what the judge sees.
  const { labels, id, pair, category, meta: _meta, source: _source, ...visible } = row;
  // The line's text keeps a reference's numbers as written (2.0 stays a float).
  const imported = importItem(visible, { file, line: lineNumber, text: line });
  if (!imported.ok) return { ok: false, error: describeImportError(imported.error) };
  return {
    ok: true,
    case: {
      id: typeof id === "string" ? id : `line ${lineNumber}`,
      pair: typeof pair === "string" ? pair : null,
      category: typeof category === "string" ? category : categoryFromSource(_source),
      transcript: imported.transcript,
    },
    labels: Array.isArray(labels) ? (labels as Label[]) : [],
  };
}

/** Sets without a `category` field (the shared BFCL set) name it in `source`: "BFCL_v4_multiple#multiple_0". */
function categoryFromSource(source: unknown): string | null {
  if (typeof source !== "string" || !source.includes("#")) return null;
  return source.slice(0, source.indexOf("#")).replace(/^BFCL_v\d+_/, "");
}

function criterion(text: string): Criterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

interface Judged {
  caseIndex: number;
  callId: string;
  /** The call's position in its transcript: call ids may repeat within one. */
  ordinal: number;
  toolName: string;
  /** One per criterion. */
  results: JudgeResult[];
}

interface Call {
  caseIndex: number;
  transcript: CanonicalTranscript;
  site: ToolCallSite;
}

/** Evaluations the engine gets at once: the worker's default batch (CALLBOARD_WORKER_BATCH). */
const BATCH_EVALUATIONS = 1000;

/** What the bench records of an outcome: a call without a view in the mode asked is not applicable, with the view's reason. */
function resultOf(outcome: JudgeCallOutcome): JudgeResult {
  if (outcome.status === "done" || outcome.status === "not-applicable") return outcome.result;
  if (outcome.status === "error" && outcome.errorKind === "invalid_transcript") return { score: null, passed: null, applicable: false, explanation: outcome.error, findings: [] };
  throw new Error(`the judge failed: ${outcome.status === "error" ? outcome.error : "stopped"}`);
}

/** A batch of calls: each call's view, as the engine builds it, judged through the engine with every criterion. */
async function judgeBatch(calls: readonly Call[], judge: Judge, criteria: readonly Criterion[], mode: ViewRequest): Promise<Judged[]> {
  const prepared: PreparedCall[] = [];
  for (const call of calls) {
    const view = viewFor(mode, call.transcript, call.site);
    const hasResponse = call.site.responseIndex !== null;
    const [viewMode] = modesFor(mode, hasResponse);
    for (const criterion of criteria) prepared.push(prepareCall({ judge, criterion, mode: viewMode, view, hasResponse }));
  }
  const outcomes = await judgeCalls(prepared);
  return calls.map((call, index) => ({
    caseIndex: call.caseIndex,
    callId: call.site.callId,
    ordinal: call.site.ordinal,
    toolName: call.site.toolName,
    results: criteria.map((_, criterionIndex) => resultOf(outcomes[index * criteria.length + criterionIndex])),
  }));
}

/**
 * Judges every call, timing only the judging (by wall clock and by this process's CPU time):
 * the transcripts are split into calls, arguments parsed, before the clock starts, as the
 * import of an upload does before any run. The criteria, like the cases, are new objects.
 */
async function judgeAll(cases: Case[], judge: Judge, criteriaTexts: readonly string[], mode: ViewRequest): Promise<Timing<Judged[]>> {
  const criteria = criteriaTexts.map(criterion);
  const calls: Call[] = [];
  cases.forEach(({ transcript }, caseIndex) => {
    for (const site of extractToolCallSites(transcript)) calls.push({ caseIndex, transcript, site });
  });
  await settle();
  return timed(async () => {
    const judged: Judged[] = [];
    const perBatch = Math.max(1, Math.floor(BATCH_EVALUATIONS / criteria.length));
    for (let start = 0; start < calls.length; start += perBatch) judged.push(...(await judgeBatch(calls.slice(start, start + perBatch), judge, criteria, mode)));
    return judged;
  });
}

interface Loaded {
  cases: Case[];
  labelsByCase: Label[][];
  skipped: string[];
}

/** Which categories a run keeps. */
interface CategoryFilter {
  only: readonly string[];
  except: readonly string[];
}

const keeps = (filter: CategoryFilter, category: string | null) =>
  (!filter.only.length || (category !== null && filter.only.includes(category))) && !(category !== null && filter.except.includes(category));

/** Parses and imports every line into new objects: each pass gets its own. */
function load(lines: readonly string[], file: string, filter: CategoryFilter): Loaded {
  const loaded: Loaded = { cases: [], labelsByCase: [], skipped: [] };
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const read = readLine(line, index + 1, file);
    if (!read.ok) {
      loaded.skipped.push(read.error);
      return;
    }
    if (!keeps(filter, read.case.category)) return;
    loaded.cases.push(read.case);
    loaded.labelsByCase.push(read.labels);
  });
  return loaded;
}

/** One pass over the whole set with a new judge, new cases and no cache from an earlier pass. */
interface PassPlan {
  lines: readonly string[];
  file: string;
  factory: JudgeFactory;
  filter: CategoryFilter;
  criteria: readonly string[];
  mode: ViewRequest;
}

async function pass(plan: PassPlan): Promise<{ loaded: Loaded; timing: Timing<Judged[]> }> {
  plan.factory.clearCaches();
  const loaded = load(plan.lines, plan.file, plan.filter);
  return { loaded, timing: await judgeAll(loaded.cases, plan.factory.create(), plan.criteria, plan.mode) };
}

/** What a judgement says, whole, to compare passes. */
const judgementText = (entry: Judged) => JSON.stringify([entry.caseIndex, entry.callId, entry.results]);

const DATASET_CRITERIA: readonly string[] = [BINARY_CRITERION, CONTINUOUS_CRITERION];

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const criteriaTexts = options.criteria.length ? options.criteria : DATASET_CRITERIA;
  const criteria: BenchCriterion[] = criteriaTexts.map((text) => ({ text, scale: criterion(text).scale }));
  const plan: PassPlan = {
    lines: readFileSync(options.cases, "utf8").split("\n"),
    file: options.cases,
    factory: JUDGES[options.judge],
    filter: { only: options.categories, except: options.excludeCategories },
    criteria: criteriaTexts,
    mode: options.mode,
  };

  const cold = await pass(plan);
  const { cases, labelsByCase, skipped } = cold.loaded;
  const judged = cold.timing.value;
  if (skipped.length) console.error(`bench-judge: skipped ${skipped.length} unreadable line(s); first: ${skipped[0]}`);
  if (!cases.length) fail("no case left to judge (check --category / --exclude-category)");

  // Steady state: the same work again, with only V8's compiled code kept from earlier passes.
  const expected = judged.map(judgementText);
  let passNumber = 1;
  const checkedPass = async (): Promise<Timing<Judged[]>> => {
    passNumber++;
    const { timing } = await pass(plan);
    const different = firstDifference(expected, timing.value.map(judgementText));
    if (different !== -1) {
      throw new Error(
        `pass ${passNumber} judged call ${different} differently from the first pass:\n  first: ${expected[different] ?? "(none)"}\n  now:   ${
          timing.value[different] ? judgementText(timing.value[different]) : "(none)"
        }`,
      );
    }
    return timing;
  };
  for (let index = 0; index < WARMUP_PASSES; index++) await checkedPass();
  const warm: Timing<unknown>[] = [];
  let warmCpuSeconds = 0;
  while (wantsAnotherPass(warm.length, warmCpuSeconds, options.passes)) {
    const timing = await checkedPass();
    warm.push({ ...timing, value: null });
    warmCpuSeconds += timing.cpuSeconds;
  }
  const steady = addTimings(warm);
  const warmCalls = judged.length * warm.length;

  // Only now are the labels joined to the judgements. A label names a call by id; when an id
  // repeats within a transcript, the label goes to the id's first call.
  const failingCases = new Set<number>();
  labelsByCase.forEach((labels, caseIndex) => {
    if (labels.some((label) => label.verdict === "fail")) failingCases.add(caseIndex);
  });
  const firstOfId = new Set<string>();
  const rows: (LabelledJudgement & { judged: Judged })[] = [];
  for (const entry of judged) {
    const key = `${entry.caseIndex}\u0000${entry.callId}`;
    if (firstOfId.has(key)) continue;
    firstOfId.add(key);
    const label = labelsByCase[entry.caseIndex].find((candidate) => candidate.tool_call_id === entry.callId);
    if (!label) continue;
    const owner = cases[entry.caseIndex];
    rows.push({
      caseId: owner.id,
      pair: owner.pair,
      category: owner.category,
      caseHasDefect: failingCases.has(entry.caseIndex),
      label: { verdict: label.verdict, defect: label.defect },
      results: entry.results.map(({ score, passed, findings }) => ({ score, passed, checks: findings.filter((finding) => finding.severity !== "info").map((finding) => finding.check) })),
      judged: entry,
    });
  }
  const metrics = criterionMetrics(rows, criteria);
  const categories = byCategory(rows);
  const perCategory = [...categories].map(([name, group]) => ({ category: name, calls: group.length, ...headline(criterionMetrics(group, criteria)) }));
  const report = {
    ...headline(metrics),
    criteria: criteria.map((entry, index) => ({ criterion: entry.text, ...metrics[index] })),
    ...(categories.size > 1 || options.byCategory ? { byCategory: perCategory } : {}),
    ...(options.leaveOneOut ? { leaveOneOut: leaveOneOut(rows, criteria) } : {}),
    mode: options.mode,
    // Steady state: calls per second of this process's CPU over the warm passes, all threads:
    // what the JavaScript thread spent, plus what V8 spent beside it (optimising compiler,
    // garbage collector), whatever else the machine was running: what one core would have to
    // give. Wall-clock throughput is printed beside it.
    callsPerSecond: warmCalls / steady.cpuSeconds,
    // The same for the first pass of a new process, V8's compilation of the judge included.
    coldCallsPerSecond: judged.length / cold.timing.cpuSeconds,
    // Per second of the JavaScript thread's CPU alone, for comparison only: V8's background
    // threads (compiler, garbage collector) do work the judge costs.
    javaScriptThreadCallsPerSecond: steady.threadSeconds ? warmCalls / steady.threadSeconds : null,
    coldJavaScriptThreadCallsPerSecond: cold.timing.threadSeconds ? judged.length / cold.timing.threadSeconds : null,
    wallClockCallsPerSecond: warmCalls / steady.seconds,
    warmPasses: warm.length,
    calls: rows.length,
  };

  if (options.json) {
    console.log(JSON.stringify(report));
    return;
  }
  const f = (value: number) => (Number.isNaN(value) ? "n/a" : value.toFixed(3));
  const good = rows.filter((row) => row.label.verdict === "pass").length;
  console.log(`judge ${options.judge} on ${options.cases} (mode ${options.mode})`);
  console.log(`  ${cases.length} transcripts, ${rows.length} labelled calls (${good} good, ${rows.length - good} defective)`);
  criteria.forEach((entry, index) => printCriterion(entry, metrics[index], f));
  if (report.byCategory) {
    console.log("by category (first binary criterion's verdicts, first continuous criterion's ranking)");
    console.log(`  ${"category".padEnd(24)} ${"calls".padStart(6)}  balanced  good-pass  fail-prec  verdicts  pairwise  ROC AUC`);
    for (const entry of report.byCategory) {
      console.log(
        `  ${entry.category.padEnd(24)} ${String(entry.calls).padStart(6)}  ${f(entry.balancedAccuracy).padStart(8)}  ${f(entry.goodPassRate).padStart(9)}  ${f(entry.failPrecision).padStart(9)}  ${f(entry.verdictShare).padStart(8)}  ${f(entry.pairwiseAccuracy).padStart(8)}  ${f(entry.rocAuc).padStart(7)}`,
      );
    }
  }
  if (report.leaveOneOut) {
    console.log("leave one category out (dev: every other category; left out: that category alone)");
    console.log(`  ${"left out".padEnd(24)} ${"dev bal".padStart(8)} ${"out bal".padStart(8)} ${"dev good".padStart(9)} ${"out good".padStart(9)} ${"dev pair".padStart(9)} ${"out pair".padStart(9)}`);
    for (const entry of report.leaveOneOut) {
      const { dev, out } = entry;
      console.log(
        `  ${entry.category.padEnd(24)} ${f(dev.balancedAccuracy).padStart(8)} ${f(out.balancedAccuracy).padStart(8)} ${f(dev.goodPassRate).padStart(9)} ${f(out.goodPassRate).padStart(9)} ${f(dev.pairwiseAccuracy).padStart(9)} ${f(out.pairwiseAccuracy).padStart(9)}`,
      );
    }
  }
  const perThread = (calls: number, seconds: number | null) => (seconds ? `, ${Math.round(calls / seconds)} per second of the JavaScript thread alone` : "");
  console.log(
    `calls per second     ${Math.round(report.callsPerSecond)}  steady state (${warm.length} passes after ${WARMUP_PASSES} untimed warm-up passes, ${judged.length} calls x ${criteria.length} criteria each, in ${steady.cpuSeconds.toFixed(2)} s of process CPU${perThread(warmCalls, steady.threadSeconds)}; ${Math.round(report.wallClockCallsPerSecond)} per wall-clock second)`,
  );
  console.log(
    `                     ${Math.round(report.coldCallsPerSecond)}  first pass of a new process (${cold.timing.cpuSeconds.toFixed(2)} s of process CPU${perThread(judged.length, cold.timing.threadSeconds)})`,
  );

  if (options.showMisses > 0) {
    const verdictIndex = Math.max(0, criteria.findIndex((entry) => entry.scale === "binary"));
    const misses = rows.filter((row) => row.results[verdictIndex].passed !== (row.label.verdict === "pass")).slice(0, options.showMisses);
    console.log(`\nfirst ${misses.length} misjudged calls ("${criteria[verdictIndex].text}")`);
    for (const row of misses) {
      const result = row.judged.results[verdictIndex];
      const verdict = result.passed === null ? "n/a" : result.passed ? "pass" : "fail";
      console.log(`- ${row.caseId} ${row.judged.callId} ${row.judged.toolName}: label ${row.label.verdict}${row.label.defect ? ` (${row.label.defect})` : ""}, judged ${verdict}`);
      if (result.passed === null) console.log(`    ${result.explanation}`);
      for (const finding of result.findings) console.log(`    ${finding.severity} ${finding.check}${finding.path ? ` ${finding.path}` : ""}: ${finding.message} ${finding.evidence ?? ""}`);
    }
  }
}

/** For each category: the headline figures without it (dev) and on it alone (left out). */
function leaveOneOut(rows: readonly LabelledJudgement[], criteria: readonly BenchCriterion[]) {
  return [...byCategory(rows).keys()].map((category) => ({
    category,
    dev: headline(criterionMetrics(rows.filter((row) => (row.category ?? "(none)") !== category), criteria)),
    out: headline(criterionMetrics(rows.filter((row) => (row.category ?? "(none)") === category), criteria)),
  }));
}

function printCriterion(entry: BenchCriterion, metrics: CriterionMetrics, f: (value: number) => string): void {
  console.log(`${entry.scale === "binary" ? "binary" : "continuous"} criterion "${entry.text}"`);
  if (metrics.scale === "binary") {
    console.log(`  binary accuracy      ${f(metrics.binaryAccuracy)}`);
    console.log(`  balanced accuracy    ${f(metrics.balancedAccuracy)}`);
    console.log(`  good-call pass rate  ${f(metrics.goodPassRate)}`);
    console.log(`  fail precision       ${f(metrics.failPrecision)}  (of the calls judged fail, the share labelled fail)`);
    console.log(`  verdict share        ${f(metrics.verdictShare)}  (calls given a verdict, not "not applicable")`);
    const defects = Object.entries(metrics.perDefectRecall);
    if (defects.length) {
      console.log("  recall per defect");
      for (const [defect, { recall, count }] of defects) console.log(`    ${defect.padEnd(22)} ${f(recall)}  (${count})`);
    }
    const checks = Object.entries(metrics.perCheckFailPrecision);
    if (checks.length) {
      console.log("  fail precision per check (calls judged fail on which the check found a problem)");
      for (const [check, { precision, count }] of checks) console.log(`    ${check.padEnd(22)} ${f(precision)}  (${count})`);
    }
  } else {
    console.log(`  pairwise accuracy    ${f(metrics.pairwiseAccuracy)}  (${metrics.pairs} pairs, ties count half)`);
    console.log(`  ROC AUC              ${f(metrics.rocAuc)}`);
    console.log(`  verdict share        ${f(metrics.verdictShare)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  process.exit(1);
});
