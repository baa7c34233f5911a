/**
 * Readers for the result files of the fork bogoliubon/tau2-bench (see README.md, "Held-out sets").
 *
 * The fork's experiments/evaluate_prompt.py runs tau2's stock LLMAgent with a given policy and
 * writes its own format: `config` (domain, agent and user models), `policy` (the text the agent was
 * given), `task_results` (one per attempt: task_id, trial, reward, success and, in some files, the
 * attempt's tau2 SimulationRun as `trajectory`). It records no tasks and no code commit: the tasks
 * are tau2's tasks.json at the code commit the manifest names, checked by the builder against the
 * ground-truth actions tau2 recorded in each attempt.
 *
 * Its tau2 runs with `--policy-path` (tau2's own Results format) record the domain's stock policy
 * although the agent was given another one: the policy is read from the refinement file the
 * manifest names, the way the fork's load_policy reads it.
 */
import { z } from "zod";
import { isPyObject, PyFloat, type PyValue } from "./pyjson";

export type PyObject = { [key: string]: PyValue };

const pyNumber = z.union([z.number(), z.instanceof(PyFloat)]);
const numberOf = (value: number | PyFloat) => (value instanceof PyFloat ? value.value : value);
const pyObject = z.custom<PyObject>((value) => isPyObject(value), { message: "expected an object" });

const trajectorySchema = z.looseObject({
  id: z.string().min(1),
  task_id: z.union([z.string(), z.number()]),
  messages: z.array(pyObject).min(1, "no messages"),
  reward_info: z.looseObject({ reward: pyNumber }),
});

const taskResultSchema = z.looseObject({
  task_id: z.union([z.string(), z.number()]),
  success: z.boolean(),
  reward: pyNumber,
  trial: z.number().int().nonnegative().nullable(),
  termination_reason: z.string().nullable().optional(),
  trajectory: z.unknown().optional(),
});

const evaluationSchema = z.looseObject({
  config: z.looseObject({
    domain: z.string().min(1),
    agent_llm: z.string().min(1),
    user_llm: z.string().nullable().optional(),
    num_trials: z.number().int().positive().nullable().optional(),
  }),
  policy: z.string().min(1, "empty policy"),
  task_results: z.array(z.unknown()).min(1, "no task results"),
});

const tasksSchema = z.array(z.looseObject({ id: z.union([z.string(), z.number()]) }));

/** "where: path.to.field: message" for the first problem zod found. */
function problem(where: string, error: z.ZodError): Error {
  const issue = error.issues[0];
  const at = issue.path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("").replace(/^\./, "");
  return new Error(`${where}: ${at ? `${at}: ` : ""}${issue.message}`);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw problem(where, result.error);
  return result.data;
}

/**
 * A task of tasks.json as tau2 loads it: its ground-truth actions get pydantic's defaults
 * (data_model/tasks.py Action: requestor "assistant", info and compare_args None), which is how
 * tau2 records them in reward_info.action_checks and in a Results file's tasks.
 */
export function withActionDefaults(task: PyObject): PyObject {
  const criteria = task.evaluation_criteria;
  if (!isPyObject(criteria) || !Array.isArray(criteria.actions)) return task;
  const actions = criteria.actions.map((action) =>
    isPyObject(action) ? { action_id: action.action_id ?? null, requestor: action.requestor ?? "assistant", name: action.name ?? null, arguments: action.arguments ?? {}, info: action.info ?? null, compare_args: action.compare_args ?? null } : action,
  );
  return { ...task, evaluation_criteria: { ...criteria, actions } };
}

export interface ForkEvaluation {
  /** The file as tau2's Results (info, tasks, simulations), for the builder's usual conversion. */
  results: PyObject;
  /** Attempts left out, by reason. */
  skipped: Record<string, number>;
}

/**
 * Turns a fork evaluation file (parsed with parsePyJson) into tau2's Results shape. `tasks` is
 * tau2's tasks.json of the domain (a list of tasks). Attempts without a recorded trajectory are
 * left out (counted); an attempt whose trajectory contradicts its own summary (task id, reward) or
 * a task id that tasks.json lacks is an error: the file or the code commit is not what it seems.
 */
export function forkEvaluationToResults(file: PyValue, tasks: PyValue, where: string): ForkEvaluation {
  const evaluation = parse(evaluationSchema, file, where);
  const taskList = parse(tasksSchema, tasks, `${where} (tasks.json)`);
  const tasksById = new Map(taskList.map((task) => [String(task.id), withActionDefaults(task as PyObject)]));
  const skipped: Record<string, number> = {};
  const simulations: PyObject[] = [];
  const usedTasks = new Set<string>();
  evaluation.task_results.forEach((value, index) => {
    const at = `${where}: task_results[${index}]`;
    const attempt = parse(taskResultSchema, value, at);
    if (attempt.trajectory === null || attempt.trajectory === undefined) {
      skipped["no trajectory recorded"] = (skipped["no trajectory recorded"] ?? 0) + 1;
      return;
    }
    const trajectory = parse(trajectorySchema, attempt.trajectory, `${at}.trajectory`);
    const taskId = String(attempt.task_id);
    if (String(trajectory.task_id) !== taskId) throw new Error(`${at}: trajectory is of task ${trajectory.task_id}, the attempt of task ${taskId}`);
    const reward = numberOf(attempt.reward);
    const recorded = numberOf(trajectory.reward_info.reward);
    if (reward !== recorded) throw new Error(`${at}: reward ${reward} differs from its trajectory's reward_info.reward ${recorded}`);
    // evaluate_prompt.py: success = reward > 0.
    if (attempt.success !== reward > 0) throw new Error(`${at}: success ${attempt.success} contradicts reward ${reward}`);
    if (!tasksById.has(taskId)) throw new Error(`${at}: task ${taskId} is not in tasks.json`);
    usedTasks.add(taskId);
    // The trajectory's own `trial` is not filled in by evaluate_prompt.py; the attempt's is.
    simulations.push({ ...(attempt.trajectory as PyObject), trial: attempt.trial });
  });
  const results: PyObject = {
    info: {
      git_commit: null,
      num_trials: evaluation.config.num_trials ?? null,
      agent_info: { implementation: "llm_agent", llm: evaluation.config.agent_llm },
      user_info: { implementation: "user_simulator", llm: evaluation.config.user_llm ?? null },
      environment_info: { domain_name: evaluation.config.domain, policy: evaluation.policy },
    },
    tasks: [...usedTasks].sort().map((id) => tasksById.get(id)!),
    simulations,
  };
  return { results, skipped };
}

const iterationsSchema = z.looseObject({ iterations: z.array(z.looseObject({ policy: z.string().nullable().optional() })) });
const populationSchema = z.looseObject({ final_population: z.array(z.looseObject({ wiki: z.string() })).min(1) });
const wikiSchema = z.looseObject({ wiki: z.string() });

/**
 * The policy the fork's load_policy (src/tau2/run.py, experiments/evaluate_prompt.py) takes from a
 * refinement output: the last iteration with a policy, else the first of final_population, else wiki.
 */
export function policyFromRefinement(file: PyValue, where: string): string {
  if (!isPyObject(file)) throw new Error(`${where}: expected an object`);
  if ("iterations" in file) {
    const { iterations } = parse(iterationsSchema, file, where);
    const policy = [...iterations].reverse().find((iteration) => iteration.policy)?.policy;
    if (!policy) throw new Error(`${where}: no iteration has a policy`);
    return policy;
  }
  if ("final_population" in file) return parse(populationSchema, file, where).final_population[0].wiki;
  if ("wiki" in file) return parse(wikiSchema, file, where).wiki;
  throw new Error(`${where}: no iterations, final_population or wiki: not a policy refinement output`);
}
