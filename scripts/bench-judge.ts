/**
 * Measures a judge on a labelled JSONL file (format: shared/datasets/README.md).
 *
 *   npm run bench:judge -- --cases <file.jsonl> [--judge checks] [--json] [--passes N] [--show-misses N]
 *
 * Every call is judged first, with the labels stripped from what the judge sees; labels are
 * joined only afterwards to compute the metrics, from the first pass.
 *
 * Throughput is timed per second of the process's CPU time, all threads (V8's compiler and
 * garbage collector included), over the judging loop only: each call's view building and both
 * criteria's judging through the judge's `evaluate`, as runs call it. Reading, importing and
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
import {
  balancedAccuracy,
  binaryAccuracy,
  classRecall,
  pairwiseAccuracy,
  recallByGroup,
  rocAuc,
  type BinaryOutcome,
  type ScoredPair,
} from "@/lib/eval/metrics";
import { judgeInputFor } from "@/lib/eval/engine";
import { viewFor } from "@/lib/eval/views";
import { clearChecksCaches, createChecksJudge } from "@/lib/judges/checks";
import type { Judge, JudgeResult } from "@/lib/judges/types";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import { importItem } from "@/lib/transcripts/import-item";
import type { CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import { settle, timed, type Timing } from "./bench-judge-clock";
import { addTimings, firstDifference, wantsAnotherPass, WARMUP_PASSES } from "./bench-judge-passes";

const CONTINUOUS_CRITERION = "Reward tool calls that select appropriate tools and provide accurate parameters";
const BINARY_CRITERION = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";

interface JudgeFactory {
  /** A new instance for each pass. */
  create(): Judge;
  /** Empties the judge's module-level caches keyed by content, before each pass. */
  clearCaches(): void;
}

const JUDGES: Record<string, JudgeFactory> = { checks: { create: createChecksJudge, clearCaches: clearChecksCaches } };

interface Options {
  cases: string;
  judge: string;
  json: boolean;
  /** Warm passes to run exactly; null: at least 3, and until 2 s of CPU. */
  passes: number | null;
  showMisses: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { cases: "", judge: "checks", json: false, passes: null, showMisses: 0 };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--cases") options.cases = argv[++index] ?? "";
    else if (arg === "--judge") options.judge = argv[++index] ?? "";
    else if (arg === "--json") options.json = true;
    else if (arg === "--passes") options.passes = Number(argv[++index] ?? "");
    else if (arg === "--show-misses") options.showMisses = Number(argv[++index] ?? "20");
    else if (arg === "--help" || arg === "-h") usage(0);
    else if (arg !== "--") fail(`unknown option ${arg}`);
  }
  if (!options.cases) fail("--cases <file.jsonl> is required");
  if (options.passes !== null && !(Number.isInteger(options.passes) && options.passes >= 1)) fail("--passes takes a whole number of warm passes, at least 1");
  if (!JUDGES[options.judge]) fail(`unknown judge "${options.judge}"; available: ${Object.keys(JUDGES).join(", ")}`);
  return options;
}

function usage(code: number): never {
  console.log("usage: npm run bench:judge -- --cases <file.jsonl> [--judge checks] [--json] [--passes N] [--show-misses N]");
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
  const { labels, id, pair, ...visible } = row;
  const imported = importItem(visible, { file, line: lineNumber });
  if (!imported.ok) return { ok: false, error: describeImportError(imported.error) };
  return {
    ok: true,
    case: { id: typeof id === "string" ? id : `line ${lineNumber}`, pair: typeof pair === "string" ? pair : null, transcript: imported.transcript },
    labels: Array.isArray(labels) ? (labels as Label[]) : [],
  };
}

function criterion(text: string): Criterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

interface Judged {
  caseIndex: number;
  callId: string;
  toolName: string;
  continuous: JudgeResult;
  binary: JudgeResult;
}

interface Call {
  caseIndex: number;
  transcript: CanonicalTranscript;
  site: ToolCallSite;
}

/** One call: its view, as the engine builds it, judged with both criteria. */
async function judgeCall(call: Call, judge: Judge, continuous: Criterion, binary: Criterion): Promise<Judged> {
  const view = viewFor("auto", call.transcript, call.site);
  if (!view.ok) throw new Error(`${call.site.callId}: ${view.reason}`);
  return {
    caseIndex: call.caseIndex,
    callId: call.site.callId,
    toolName: call.site.toolName,
    continuous: await judge.evaluate(judgeInputFor(continuous, view.view)),
    binary: await judge.evaluate(judgeInputFor(binary, view.view)),
  };
}

/**
 * Judges every call, timing only the judging (by wall clock and by this process's CPU time):
 * the transcripts are split into calls, arguments parsed, before the clock starts, as the
 * import of an upload does before any run. The criteria, like the cases, are new objects.
 */
async function judgeAll(cases: Case[], judge: Judge): Promise<Timing<Judged[]>> {
  const continuous = criterion(CONTINUOUS_CRITERION);
  const binary = criterion(BINARY_CRITERION);
  const calls: Call[] = [];
  cases.forEach(({ transcript }, caseIndex) => {
    for (const site of extractToolCallSites(transcript)) calls.push({ caseIndex, transcript, site });
  });
  await settle();
  return timed(async () => {
    const judged: Judged[] = [];
    for (const call of calls) judged.push(await judgeCall(call, judge, continuous, binary));
    return judged;
  });
}

interface Loaded {
  cases: Case[];
  labelsByCase: Label[][];
  skipped: string[];
}

/** Parses and imports every line into new objects: each pass gets its own. */
function load(lines: readonly string[], file: string): Loaded {
  const loaded: Loaded = { cases: [], labelsByCase: [], skipped: [] };
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const read = readLine(line, index + 1, file);
    if (!read.ok) {
      loaded.skipped.push(read.error);
      return;
    }
    loaded.cases.push(read.case);
    loaded.labelsByCase.push(read.labels);
  });
  return loaded;
}

/** One pass over the whole set with a new judge, new cases and no cache from an earlier pass. */
async function pass(lines: readonly string[], file: string, factory: JudgeFactory): Promise<{ loaded: Loaded; timing: Timing<Judged[]> }> {
  factory.clearCaches();
  const loaded = load(lines, file);
  return { loaded, timing: await judgeAll(loaded.cases, factory.create()) };
}

/** What a judgement says, whole, to compare passes. */
const judgementText = (entry: Judged) => JSON.stringify([entry.caseIndex, entry.callId, entry.continuous, entry.binary]);

const NEUTRAL_SCORE = 0.5;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const lines = readFileSync(options.cases, "utf8").split("\n");
  const factory = JUDGES[options.judge];

  const cold = await pass(lines, options.cases, factory);
  const { cases, labelsByCase, skipped } = cold.loaded;
  const judged = cold.timing.value;
  if (skipped.length) console.error(`bench-judge: skipped ${skipped.length} unreadable line(s); first: ${skipped[0]}`);

  // Steady state: the same work again, with only V8's compiled code kept from earlier passes.
  const expected = judged.map(judgementText);
  let passNumber = 1;
  const checkedPass = async (): Promise<Timing<Judged[]>> => {
    passNumber++;
    const { timing } = await pass(lines, options.cases, factory);
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

  // Only now are the labels joined to the judgements.
  const rows = judged.flatMap((entry) => {
    const label = labelsByCase[entry.caseIndex].find((candidate) => candidate.tool_call_id === entry.callId);
    return label ? [{ ...entry, label }] : [];
  });
  const outcomes: BinaryOutcome[] = rows.map((row) => ({ actual: row.label.verdict === "pass", predicted: row.binary.passed }));
  const score = (result: JudgeResult) => result.score ?? NEUTRAL_SCORE;

  const pairs = new Map<string, { good: number[]; bad: number[] }>();
  const failingCases = new Set(rows.filter((row) => row.label.verdict === "fail").map((row) => row.caseIndex));
  for (const row of rows) {
    const pair = cases[row.caseIndex].pair;
    if (pair === null) continue;
    const entry = pairs.get(pair) ?? { good: [], bad: [] };
    if (!failingCases.has(row.caseIndex)) entry.good.push(score(row.continuous));
    else if (row.label.verdict === "fail") entry.bad.push(score(row.continuous));
    pairs.set(pair, entry);
  }
  const scoredPairs: ScoredPair[] = [...pairs.values()].filter((pair) => pair.good.length && pair.bad.length);

  const perDefect = recallByGroup(
    rows.filter((row) => row.label.verdict === "fail").map((row) => ({ group: row.label.defect ?? "unspecified", detected: row.binary.passed === false })),
  );
  const report = {
    binaryAccuracy: binaryAccuracy(outcomes),
    balancedAccuracy: balancedAccuracy(outcomes),
    goodPassRate: classRecall(outcomes, true),
    perDefectRecall: Object.fromEntries(Object.entries(perDefect).map(([defect, { recall }]) => [defect, recall])),
    pairwiseAccuracy: pairwiseAccuracy(scoredPairs),
    rocAuc: rocAuc(rows.map((row) => ({ score: score(row.continuous), positive: row.label.verdict === "pass" }))),
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
  const good = outcomes.filter((outcome) => outcome.actual).length;
  const notApplicable = rows.filter((row) => !row.binary.applicable || !row.continuous.applicable).length;
  console.log(`judge ${options.judge} on ${options.cases}`);
  console.log(`  ${cases.length} transcripts, ${rows.length} labelled calls (${good} good, ${rows.length - good} defective)${notApplicable ? `, ${notApplicable} not applicable` : ""}`);
  console.log(`  binary criterion:     "${BINARY_CRITERION}"`);
  console.log(`  continuous criterion: "${CONTINUOUS_CRITERION}"`);
  console.log(`binary accuracy      ${f(report.binaryAccuracy)}`);
  console.log(`balanced accuracy    ${f(report.balancedAccuracy)}`);
  console.log(`good-call pass rate  ${f(report.goodPassRate)}`);
  console.log("recall per defect");
  for (const [defect, { recall, count }] of Object.entries(perDefect)) console.log(`  ${defect.padEnd(22)} ${f(recall)}  (${count})`);
  console.log(`pairwise accuracy    ${f(report.pairwiseAccuracy)}  (${scoredPairs.length} pairs, ties count half)`);
  console.log(`ROC AUC              ${f(report.rocAuc)}`);
  const perThread = (calls: number, seconds: number | null) => (seconds ? `, ${Math.round(calls / seconds)} per second of the JavaScript thread alone` : "");
  console.log(
    `calls per second     ${Math.round(report.callsPerSecond)}  steady state (${warm.length} passes after ${WARMUP_PASSES} untimed warm-up passes, ${judged.length} calls x 2 criteria each, in ${steady.cpuSeconds.toFixed(2)} s of process CPU${perThread(warmCalls, steady.threadSeconds)}; ${Math.round(report.wallClockCallsPerSecond)} per wall-clock second)`,
  );
  console.log(
    `                     ${Math.round(report.coldCallsPerSecond)}  first pass of a new process (${cold.timing.cpuSeconds.toFixed(2)} s of process CPU${perThread(judged.length, cold.timing.threadSeconds)})`,
  );

  if (options.showMisses > 0) {
    const misses = rows.filter((row) => row.binary.passed !== (row.label.verdict === "pass")).slice(0, options.showMisses);
    console.log(`\nfirst ${misses.length} misjudged calls`);
    for (const row of misses) {
      const c = cases[row.caseIndex];
      console.log(`- ${c.id} ${row.callId} ${row.toolName}: label ${row.label.verdict}${row.label.defect ? ` (${row.label.defect})` : ""}, judged ${row.binary.passed ? "pass" : "fail"}, score ${score(row.continuous).toFixed(2)}`);
      for (const finding of row.binary.findings) console.log(`    ${finding.severity} ${finding.check}${finding.path ? ` ${finding.path}` : ""}: ${finding.message} ${finding.evidence ?? ""}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  process.exit(1);
});
