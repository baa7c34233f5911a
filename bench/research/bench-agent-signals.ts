/**
 * Measures variants of the built-in agent-level judge on trials sets, to decide whether a
 * candidate check should join it (issue 16):
 *
 *   npx tsx bench/research/bench-agent-signals.ts --cases <trials.jsonl> [--cases <other.jsonl>…] [--variant SPEC…]
 *
 * SPEC is a comma-separated list of changes to the built-in checks: `-<check id>` drops one,
 * `+<candidate id>` adds one of bench/research/bench-agent-candidates.ts, `+<candidate id>@<penalty>` adds
 * it with every finding weighing that penalty instead. The built-in judge is always
 * measured first. For every set and variant: the share of (success, failure) pairs of one task
 * ranked right (ties half), each task weighted alike, same-model pairs, and per category (a
 * benchmark domain) with the figure over all the other categories (leave one domain out: a
 * change is kept only if it helps on the domains it was not looked at on). For each candidate
 * added, also the candidate alone (the judge with no other check): its figure, and how often it
 * ranks the success higher when it tells the two attempts apart.
 *
 * `--both-changed` counts only the pairs whose two attempts both made a change that succeeded:
 * whether a check tells a good change from a bad one, apart from whether the agent acted at all.
 */
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { evaluateAgentWithChecks } from "@/lib/judging/judges/agent";
import { AGENT_CHECKS, type AgentCheck } from "@/lib/judging/judges/agent/checks";
import { transcriptCalls } from "@/lib/judging/judges/agent/calls";
import { allPairs, load, rankingAccuracy, sameModelPairs, type Attempt, type PairFilter } from "../../scripts/bench-agent-ranking";
import { CANDIDATE_CHECKS } from "./bench-agent-candidates";

const CRITERION = "Reward agents that behave well overall";

export function applyVariant(spec: string, base: readonly AgentCheck[], candidates: readonly AgentCheck[]): AgentCheck[] {
  const checks = [...base];
  for (const change of spec.split(",").map((part) => part.trim()).filter(Boolean)) {
    const id = change.slice(1);
    if (change.startsWith("-")) {
      const index = checks.findIndex((check) => check.id === id);
      if (index < 0) throw new Error(`--variant ${spec}: no built-in check "${id}" to drop (checks: ${base.map((check) => check.id).join(", ")})`);
      checks.splice(index, 1);
    } else if (change.startsWith("+")) {
      const [name, weight] = id.split("@");
      const candidate = candidates.find((check) => check.id === name);
      if (!candidate) throw new Error(`--variant ${spec}: no candidate "${name}" (candidates: ${candidates.map((check) => check.id).join(", ")})`);
      if (weight === undefined) checks.push(candidate);
      else {
        const penalty = Number(weight);
        if (!weight.trim() || !Number.isFinite(penalty) || penalty < 0 || penalty > 1) throw new Error(`--variant ${spec}: the penalty after @ must be a number from 0 to 1, not "${weight}"`);
        checks.push({ ...candidate, run: (context) => candidate.run(context).map((hit) => ({ ...hit, penalty })) });
      }
    } else throw new Error(`--variant ${spec}: "${change}" must start with - (drop a check) or + (add a candidate)`);
  }
  return checks;
}

function parseArgs(argv: string[]) {
  const options = { cases: [] as string[], variants: [] as string[], bothChanged: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--cases") options.cases.push(argv[++index] ?? "");
    else if (arg === "--variant") options.variants.push(argv[++index] ?? "");
    else if (arg === "--both-changed") options.bothChanged = true;
    else if (arg !== "--") throw new Error(`unknown option ${arg}`);
  }
  if (!options.cases.length || options.cases.some((file) => !file)) throw new Error("--cases <trials.jsonl> is required (repeat it for several sets)");
  if (options.variants.some((spec) => !spec)) throw new Error("--variant needs a SPEC such as -answered-without-looking,+user-repeats");
  return options;
}

/** Whether the attempt made a change (a call of a tool that changes state) that succeeded. */
export function changedSomething(attempt: Attempt): boolean {
  return transcriptCalls({ messages: attempt.transcript.messages, tools: attempt.transcript.tools }).some((entry) => entry.changesState && (entry.status?.kind === "ok" || entry.status?.kind === "empty"));
}

const changed = new WeakMap<Attempt, boolean>();
const bothChanged: PairFilter = (good, bad) =>
  [good, bad].every((attempt) => {
    if (!changed.has(attempt)) changed.set(attempt, changedSomething(attempt));
    return changed.get(attempt);
  });

const figure = (value: number) => (Number.isNaN(value) ? "  -  " : value.toFixed(3));

function main() {
  const options = parseArgs(process.argv.slice(2));
  const parsed = parseAgentCriterion(CRITERION);
  if (!parsed.ok) throw new Error(parsed.message);
  const criterion = parsed.criterion;
  const sets = options.cases.map((file) => ({ file, attempts: load(file) }));
  for (const spec of ["", ...options.variants]) {
    const checks = applyVariant(spec, AGENT_CHECKS, CANDIDATE_CHECKS);
    const added = checks.filter((check) => !AGENT_CHECKS.includes(check));
    const counted = options.bothChanged ? bothChanged : allPairs;
    console.log(`variant ${spec || "(built-in judge)"}`);
    for (const { file, attempts } of sets) {
      const scores = new Map<Attempt, number>();
      const alone = new Map<string, Map<Attempt, number>>(added.map((check) => [check.id, new Map()]));
      for (const attempt of attempts) {
        const result = evaluateAgentWithChecks({ criterion, content: { messages: attempt.transcript.messages, tools: attempt.transcript.tools } }, checks);
        scores.set(attempt, result.score ?? 0.5);
        // The candidate alone: the judge's score with no other check, so a graded candidate ranks by its grade.
        for (const check of added) alone.get(check.id)?.set(attempt, evaluateAgentWithChecks({ criterion, content: { messages: attempt.transcript.messages, tools: attempt.transcript.tools } }, [check]).score ?? 0.5);
      }
      const score = (attempt: Attempt) => scores.get(attempt) ?? 0.5;
      const all = rankingAccuracy(attempts, score, counted);
      const same = rankingAccuracy(attempts, score, (good, bad) => counted(good, bad) && sameModelPairs(good, bad));
      const categories = [...new Set(attempts.map((attempt) => attempt.category))].sort();
      const perCategory = categories.length > 1
        ? categories
            .map((category) => {
              const inside = rankingAccuracy(attempts.filter((attempt) => attempt.category === category), score, counted);
              const outside = rankingAccuracy(attempts.filter((attempt) => attempt.category !== category), score, counted);
              return `${category} ${figure(inside.accuracy)} (${inside.pairs}; the others ${figure(outside.accuracy)})`;
            })
            .join(", ")
        : "";
      console.log(`  ${file}: ${figure(all.accuracy)} of ${all.pairs} pairs, each task alike ${figure(all.taskWeighted)} (${all.tasks} tasks), same model ${figure(same.accuracy)} (${same.pairs})${perCategory ? `; ${perCategory}` : ""}`);
      for (const [id, counts] of alone) {
        const figures = rankingAccuracy(attempts, (attempt) => counts.get(attempt) ?? 0.5, counted);
        console.log(`    ${id} alone: ${figure(figures.accuracy)}, right on ${figure(figures.decidedAccuracy)} of the ${figures.decided} pairs it decides`);
      }
    }
  }
}

if (process.argv[1]?.endsWith("bench-agent-signals.ts")) main();
