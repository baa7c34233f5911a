/**
 * Measures an agent-level criterion on repeated attempts of the same tasks with known success:
 * how often a successful attempt scores above a failed attempt of the same task (ties count half).
 *
 *   npm run bench:agent -- --cases <trials.jsonl> [--criteria "<agent-level criterion>"] [--same-model] [--json]
 *
 * One JSON object a line: an OpenAI-format transcript (`messages`, `tools`), `pair` naming the task
 * (attempts of one task share it) and `meta.reward` (1 for a success). Only the transcript is
 * judged; `pair` and `meta` are joined afterwards. Baselines beside the judge: fewer tool errors,
 * fewer calls. `--same-model` adds, beside each all-pairs figure, the figure over the pairs whose two
 * attempts were made by the same model (`meta.model`, and `meta.agent` when either has one): a
 * pair across models can be told apart by the model's style alone, a same-model pair cannot.
 */
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { evaluateAgentWithChecks, type AgentCriterion } from "@/lib/judging/judges/agent";
import { responseStatus } from "@/lib/judging/judges/checks/response-status";
import { load, rankingAccuracy, sameModelPairs, type Attempt } from "./bench-agent-ranking";

const DEFAULT_CRITERION = "Reward agents that behave well overall";

function parseArgs(argv: string[]) {
  const options = { cases: "", criteria: DEFAULT_CRITERION, json: false, sameModel: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--cases") options.cases = argv[++index] ?? "";
    else if (arg === "--criteria") options.criteria = argv[++index] ?? "";
    else if (arg === "--json") options.json = true;
    else if (arg === "--same-model") options.sameModel = true;
    else if (arg !== "--") throw new Error(`unknown option ${arg}`);
  }
  if (!options.cases) throw new Error("--cases <trials.jsonl> is required");
  return options;
}

function agentCriterion(text: string): AgentCriterion {
  const parsed = parseAgentCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const criterion = agentCriterion(options.criteria);
  const attempts = load(options.cases);
  const scores = new Map<Attempt, number>();
  // Per attempt, how many findings each check made, to rank by each check alone (fewer is better).
  const checkHits = new Map<Attempt, Map<string, number>>();
  for (const attempt of attempts) {
    const result = evaluateAgentWithChecks({ criterion, content: { messages: attempt.transcript.messages, tools: attempt.transcript.tools } });
    scores.set(attempt, result.score ?? 0.5);
    const byCheck = new Map<string, number>();
    for (const finding of result.findings) byCheck.set(finding.check, (byCheck.get(finding.check) ?? 0) + 1);
    checkHits.set(attempt, byCheck);
  }
  const checkIds = [...new Set([...checkHits.values()].flatMap((byCheck) => [...byCheck.keys()]))].sort();
  const fewerHitsOf = (check: string) => (attempt: Attempt) => -(checkHits.get(attempt)?.get(check) ?? 0);
  const errors = (attempt: Attempt) => -attempt.transcript.messages.filter((message) => message.role === "tool" && responseStatus(message.content).kind === "rejected").length;
  const calls = (attempt: Attempt) => -attempt.transcript.messages.reduce((sum, message) => sum + (message.role === "assistant" ? (message.tool_calls?.length ?? 0) : 0), 0);
  const report = {
    criterion: options.criteria,
    attempts: attempts.length,
    judge: rankingAccuracy(attempts, (attempt) => scores.get(attempt) ?? 0.5),
    fewerToolErrors: rankingAccuracy(attempts, errors),
    fewerCalls: rankingAccuracy(attempts, calls),
    fewerFindingsOf: Object.fromEntries(checkIds.map((check) => [check, rankingAccuracy(attempts, fewerHitsOf(check))])),
    sameModel: options.sameModel
      ? {
          judge: rankingAccuracy(attempts, (attempt) => scores.get(attempt) ?? 0.5, sameModelPairs),
          fewerToolErrors: rankingAccuracy(attempts, errors, sameModelPairs),
          fewerCalls: rankingAccuracy(attempts, calls, sameModelPairs),
        }
      : null,
    byCategory: Object.fromEntries(
      [...new Set(attempts.map((attempt) => attempt.category))].sort().map((category) => {
        const inCategory = attempts.filter((attempt) => attempt.category === category);
        return [
          category,
          {
            judge: rankingAccuracy(inCategory, (attempt) => scores.get(attempt) ?? 0.5),
            fewerToolErrors: rankingAccuracy(inCategory, errors),
            sameModel: options.sameModel
              ? { judge: rankingAccuracy(inCategory, (attempt) => scores.get(attempt) ?? 0.5, sameModelPairs), fewerToolErrors: rankingAccuracy(inCategory, errors, sameModelPairs) }
              : null,
            fewerFindingsOf: Object.fromEntries(checkIds.map((check) => [check, rankingAccuracy(inCategory, fewerHitsOf(check))])),
          },
        ];
      }),
    ),
  };
  if (options.json) return console.log(JSON.stringify(report));
  console.log(`agent-level criterion "${report.criterion}" on ${options.cases}: ${report.attempts} attempts, ${report.judge.pairs} (success, failure) pairs of the same task`);
  const same = report.sameModel;
  // Beside an all-pairs figure, with --same-model: the figure over same-model pairs only.
  const beside = (figure: ReturnType<typeof rankingAccuracy> | undefined) => (figure ? `   same model: ${figure.accuracy.toFixed(3)} (${figure.pairs} pairs)` : "");
  if (same) console.log(`  --same-model: ${same.judge.pairs} of the ${report.judge.pairs} pairs are two attempts of the same model (meta.model, meta.agent)`);
  console.log(`  built-in judge's score ranks the success higher  ${report.judge.accuracy.toFixed(3)}${beside(same?.judge)}`);
  const taskWeighted = (figure: ReturnType<typeof rankingAccuracy>) => `${figure.taskWeighted.toFixed(3)} (${figure.tasks} tasks)`;
  console.log(`  the same, each task weighted alike               ${taskWeighted(report.judge)}${same ? `   same model: ${taskWeighted(same.judge)}` : ""}`);
  console.log(`  baseline: fewer tool errors                      ${report.fewerToolErrors.accuracy.toFixed(3)}${beside(same?.fewerToolErrors)}`);
  console.log(`  baseline: fewer calls                            ${report.fewerCalls.accuracy.toFixed(3)}${beside(same?.fewerCalls)}`);
  const perCheck = (figures: Record<string, ReturnType<typeof rankingAccuracy>>) =>
    Object.entries(figures)
      .map(([check, figure]) => `${check} ${figure.accuracy.toFixed(3)} (${figure.decidedAccuracy.toFixed(2)} of ${figure.decided} decided)`)
      .join(", ");
  console.log(`  each check alone, fewer findings ranks higher (right when it decides, of how many pairs): ${perCheck(report.fewerFindingsOf)}`);
  for (const [category, figures] of Object.entries(report.byCategory)) {
    const sameInCategory = figures.sameModel
      ? ` [same model (${figures.sameModel.judge.pairs} pairs): judge ${figures.sameModel.judge.accuracy.toFixed(3)}, fewer tool errors ${figures.sameModel.fewerToolErrors.accuracy.toFixed(3)}]`
      : "";
    console.log(`  ${category} (${figures.judge.pairs} pairs): judge ${figures.judge.accuracy.toFixed(3)}, fewer tool errors ${figures.fewerToolErrors.accuracy.toFixed(3)}${sameInCategory}; ${perCheck(figures.fewerFindingsOf)}`);
  }
}

main();
