/**
 * Does the built-in judge claim only what it measures? On real agent transcripts with objective
 * labels (bench/tau2: npm run bench:subjects -- --cases bench/tau2/data/tau2-trials.jsonl):
 *
 * - repeats: "Penalize tool calls that repeat a lookup already answered" against a label read from
 *   the calls themselves (a read-only call with the same tool and arguments as an earlier read the
 *   tool answered, with no answered change of state between them), balanced accuracy per view;
 * - meaning: the share of calls and transcripts on which policy and goal criteria are not
 *   applicable (the criteria were written down, before any verdict was seen, from their wording);
 * - agreement: per transcript, an agent-level and a call-level pass/fail criterion on the same
 *   subject: the agent fails exactly when one of its calls fails.
 *
 * The label is computed here from the raw messages, apart from the judge's code: only what the
 * calls say (names, arguments as JSON, whether the tool answered with an error) decides it. Figures
 * are printed for every category and for all of them; `--json` prints them as JSON.
 */
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { judgeInputFor } from "@/lib/judging/engine/engine";
import { viewFor } from "@/lib/judging/engine/views";
import { evaluateAgentWithChecks, type AgentCriterion } from "@/lib/judging/judges/agent";
import { evaluateWithChecks } from "@/lib/judging/judges/checks";
import type { JudgeResult } from "@/lib/judging/judges/types";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalTranscript } from "@/lib/transcripts/types";
import { load, type Attempt } from "./bench-agent-ranking";
import { repeatLabels } from "./bench/repeat-labels";

const REPEAT = "Penalize tool calls that repeat a lookup already answered";
// Written from their wording before any verdict was looked at: each asks about the policy or the goal.
const MEANING_CALL = ["Reward tool calls that follow the policy in the system prompt", "Tool call passes if it complies with the agent's policy", "Reward tool calls that help accomplish the user's goal"];
const MEANING_AGENT = ["Reward agents that accomplish the user's goal", "Agent passes if it follows the policy in the system prompt", "Agent passes if it resolves the user's request"];
// Pairs on one subject: the agent-level criterion fails a transcript exactly when the call-level one fails one of its calls.
const PAIRS: { subject: string; agent: string; call: string }[] = [
  { subject: "confirmation", agent: "Agent fails if it changes something the user did not explicitly confirm", call: "Tool call fails if it changes something the user did not explicitly confirm" },
  { subject: "repeats", agent: "Agent fails if it repeats a call it already made", call: "Tool call fails if it repeats a call it already made" },
  { subject: "errors", agent: "Agent fails if a tool returns an error", call: "Tool call fails if the tool returns an error" },
];

function callCriterion(text: string): Criterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}
function agentCriterion(text: string): AgentCriterion {
  const parsed = parseAgentCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

function judgeCalls(transcript: CanonicalTranscript, criterion: Criterion, mode: "immediate" | "hindsight"): (JudgeResult | null)[] {
  return extractToolCallSites(transcript).map((site) => {
    const view = viewFor(mode, transcript, site);
    return view.ok ? evaluateWithChecks(judgeInputFor(criterion, view.view)) : null;
  });
}

interface Confusion {
  truePositive: number;
  falsePositive: number;
  trueNegative: number;
  falseNegative: number;
  notApplicable: number;
}
const emptyConfusion = (): Confusion => ({ truePositive: 0, falsePositive: 0, trueNegative: 0, falseNegative: 0, notApplicable: 0 });
const balancedAccuracy = (c: Confusion) => {
  const positives = c.truePositive + c.falseNegative;
  const negatives = c.trueNegative + c.falsePositive;
  return positives && negatives ? (c.truePositive / positives + c.trueNegative / negatives) / 2 : null;
};

interface Figures {
  transcripts: number;
  calls: number;
  repeats: Record<"immediate" | "hindsight", Confusion & { balancedAccuracy: number | null }>;
  meaningCalls: { judged: number; notApplicable: number; share: number };
  meaningTranscripts: { judged: number; notApplicable: number; share: number };
  agreement: Record<string, { transcripts: number; agree: number; share: number }>;
}

function measure(attempts: readonly Attempt[]): Figures {
  const repeat = callCriterion(REPEAT);
  const meaningCall = MEANING_CALL.map(callCriterion);
  const meaningAgent = MEANING_AGENT.map(agentCriterion);
  const pairs = PAIRS.map((pair) => ({ subject: pair.subject, agent: agentCriterion(pair.agent), call: callCriterion(pair.call) }));
  const repeats = { immediate: emptyConfusion(), hindsight: emptyConfusion() };
  const meaningCalls = { judged: 0, notApplicable: 0 };
  const meaningTranscripts = { judged: 0, notApplicable: 0 };
  const agreement = Object.fromEntries(PAIRS.map((pair) => [pair.subject, { transcripts: 0, agree: 0 }]));
  let calls = 0;
  for (const { transcript } of attempts) {
    const labels = repeatLabels(transcript);
    calls += labels.length;
    for (const mode of ["immediate", "hindsight"] as const) {
      judgeCalls(transcript, repeat, mode).forEach((result, index) => {
        const tally = repeats[mode];
        if (!result?.applicable) tally.notApplicable++;
        const flagged = result?.applicable === true && (result.score ?? 1) < 0.5;
        if (labels[index]) tally[flagged ? "truePositive" : "falseNegative"]++;
        else tally[flagged ? "falsePositive" : "trueNegative"]++;
      });
    }
    for (const criterion of meaningCall) {
      for (const result of judgeCalls(transcript, criterion, "hindsight")) {
        meaningCalls.judged++;
        if (!result?.applicable) meaningCalls.notApplicable++;
      }
    }
    const content = { messages: transcript.messages, tools: transcript.tools };
    for (const criterion of meaningAgent) {
      meaningTranscripts.judged++;
      if (!evaluateAgentWithChecks({ criterion, content }).applicable) meaningTranscripts.notApplicable++;
    }
    for (const pair of pairs) {
      const agentFails = evaluateAgentWithChecks({ criterion: pair.agent, content }).passed === false;
      const callFails = judgeCalls(transcript, pair.call, "hindsight").some((result) => result?.passed === false);
      agreement[pair.subject].transcripts++;
      if (agentFails === callFails) agreement[pair.subject].agree++;
    }
  }
  const share = (part: number, whole: number) => (whole ? part / whole : 0);
  return {
    transcripts: attempts.length,
    calls,
    repeats: { immediate: { ...repeats.immediate, balancedAccuracy: balancedAccuracy(repeats.immediate) }, hindsight: { ...repeats.hindsight, balancedAccuracy: balancedAccuracy(repeats.hindsight) } },
    meaningCalls: { ...meaningCalls, share: share(meaningCalls.notApplicable, meaningCalls.judged) },
    meaningTranscripts: { ...meaningTranscripts, share: share(meaningTranscripts.notApplicable, meaningTranscripts.judged) },
    agreement: Object.fromEntries(Object.entries(agreement).map(([subject, tally]) => [subject, { ...tally, share: share(tally.agree, tally.transcripts) }])),
  };
}

function parseArgs(argv: readonly string[]): { cases: string; json: boolean } {
  const options = { cases: "", json: false };
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === "--cases") options.cases = argv[++index] ?? "";
    else if (argv[index] === "--json") options.json = true;
    else throw new Error(`Unknown option ${argv[index]}. Usage: npm run bench:subjects -- --cases <transcripts.jsonl> [--json]`);
  }
  if (!options.cases) throw new Error("Usage: npm run bench:subjects -- --cases <transcripts.jsonl> [--json]");
  return options;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const attempts = load(options.cases);
  const categories = [...new Set(attempts.map((attempt) => attempt.category))].sort();
  const report = Object.fromEntries([["all", measure(attempts)], ...categories.map((category) => [category, measure(attempts.filter((attempt) => attempt.category === category))])]) as Record<string, Figures>;
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const fixed = (value: number | null) => (value === null ? "–" : value.toFixed(3));
  console.log(`${options.cases}: "${REPEAT}"; policy and goal criteria; agent-versus-call agreement (${PAIRS.map((pair) => pair.subject).join(", ")})`);
  console.log("| set | transcripts | calls | repeats (labelled) | repeat BA immediate | repeat BA hindsight | flagged wrongly (hindsight) | policy/goal n/a, calls | policy/goal n/a, transcripts | " + PAIRS.map((pair) => `agree: ${pair.subject}`).join(" | ") + " |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|" + PAIRS.map(() => "---:|").join(""));
  for (const [set, figures] of Object.entries(report)) {
    const hindsight = figures.repeats.hindsight;
    console.log(
      `| ${set} | ${figures.transcripts} | ${figures.calls} | ${hindsight.truePositive + hindsight.falseNegative} | ${fixed(figures.repeats.immediate.balancedAccuracy)} | ${fixed(hindsight.balancedAccuracy)} | ${hindsight.falsePositive} | ${fixed(figures.meaningCalls.share)} | ${fixed(figures.meaningTranscripts.share)} | ` +
        PAIRS.map((pair) => fixed(figures.agreement[pair.subject].share)).join(" | ") +
        " |",
    );
  }
}

main();
