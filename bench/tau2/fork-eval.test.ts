import { describe, expect, it } from "vitest";
import { forkEvaluationToResults, policyFromRefinement, withActionDefaults, type PyObject } from "./fork-eval";
import { parsePyJson, PyFloat, type PyValue } from "./pyjson";

const WHERE = "fork@abc:eval.json";

const tasksJson = (): PyValue =>
  parsePyJson(
    JSON.stringify([
      { id: "5", user_scenario: { instructions: "exchange a lamp" }, evaluation_criteria: { actions: [{ action_id: "5_0", name: "get_order_details", arguments: { order_id: "#W1" }, info: null }] } },
      { id: "9", user_scenario: { instructions: "cancel" }, evaluation_criteria: { actions: [] } },
    ]),
  );

const trajectory = (taskId: string, reward: string) => ({
  id: `sim-${taskId}-${reward}`,
  task_id: taskId,
  trial: null,
  messages: [{ role: "assistant", content: "Hi! How can I help you today?" }],
  reward_info: { reward },
  termination_reason: "user_stop",
});

/** JSON text of an evaluation file; rewards are written as Python floats (1.0), as the fork's files have them. */
function evaluationText(taskResults: unknown[], overrides: Record<string, unknown> = {}): string {
  const file = { source: { policy_path: "p.json" }, config: { domain: "retail", agent_llm: "gpt-4o", user_llm: "gpt-4.1", num_trials: 2 }, results: {}, task_results: taskResults, policy: "# Refined policy", ...overrides };
  return JSON.stringify(file).replace(/"reward":"([\d.]+)"/g, '"reward":$1');
}

const attempt = (taskId: string, reward: string, trial: number, withTrajectory = true) => ({
  task_id: taskId,
  success: Number(reward) > 0,
  reward,
  trial,
  termination_reason: "user_stop",
  ...(withTrajectory ? { trajectory: trajectory(taskId, reward) } : {}),
});

const convert = (text: string, tasks: PyValue = tasksJson()) => forkEvaluationToResults(parsePyJson(text), tasks, WHERE);

describe("forkEvaluationToResults", () => {
  it("gives tau2's Results shape with the recorded policy, the attempts' trials and only the tasks attempted", () => {
    const { results, skipped } = convert(evaluationText([attempt("5", "1.0", 0), attempt("5", "0.0", 1), attempt("9", "0.0", 0, false)]));
    expect(skipped).toEqual({ "no trajectory recorded": 1 });
    const info = results.info as PyObject;
    expect(info.environment_info).toEqual({ domain_name: "retail", policy: "# Refined policy" });
    expect(info.agent_info).toEqual({ implementation: "llm_agent", llm: "gpt-4o" });
    expect(info.git_commit).toBeNull();
    const simulations = results.simulations as PyObject[];
    expect(simulations.map((simulation) => [simulation.id, simulation.trial])).toEqual([
      ["sim-5-1.0", 0],
      ["sim-5-0.0", 1],
    ]);
    expect((simulations[0].reward_info as PyObject).reward).toEqual(new PyFloat(1));
    const tasks = results.tasks as PyObject[];
    expect(tasks.map((task) => task.id)).toEqual(["5"]);
    expect((tasks[0].evaluation_criteria as PyObject).actions).toEqual([
      { action_id: "5_0", requestor: "assistant", name: "get_order_details", arguments: { order_id: "#W1" }, info: null, compare_args: null },
    ]);
  });

  it("names the field that is missing or of the wrong type", () => {
    expect(() => convert(evaluationText([attempt("5", "1.0", 0)], { config: { agent_llm: "gpt-4o" } }))).toThrow(/^fork@abc:eval\.json: config\.domain: /);
    expect(() => convert(evaluationText([attempt("5", "1.0", 0)], { policy: "" }))).toThrow("fork@abc:eval.json: policy: empty policy");
    expect(() => convert(evaluationText([]))).toThrow("fork@abc:eval.json: task_results: no task results");
    expect(() => convert(JSON.stringify([1, 2]))).toThrow(/^fork@abc:eval\.json: /);
    const noMessages = { ...attempt("5", "1.0", 0), trajectory: { ...trajectory("5", "1.0"), messages: [] } };
    expect(() => convert(evaluationText([noMessages]))).toThrow("fork@abc:eval.json: task_results[0].trajectory: messages: no messages");
    const badTrial = { ...attempt("5", "1.0", 0), trial: -1 };
    expect(() => convert(evaluationText([badTrial]))).toThrow(/^fork@abc:eval\.json: task_results\[0\]: trial: /);
  });

  it("rejects an attempt whose trajectory contradicts it", () => {
    const otherTask = { ...attempt("5", "1.0", 0), trajectory: trajectory("9", "1.0") };
    expect(() => convert(evaluationText([otherTask]))).toThrow("fork@abc:eval.json: task_results[0]: trajectory is of task 9, the attempt of task 5");
    const otherReward = { ...attempt("5", "1.0", 0), trajectory: trajectory("5", "0.0") };
    expect(() => convert(evaluationText([otherReward]))).toThrow("fork@abc:eval.json: task_results[0]: reward 1 differs from its trajectory's reward_info.reward 0");
    const wrongSuccess = { ...attempt("5", "0.0", 0), success: true };
    expect(() => convert(evaluationText([wrongSuccess]))).toThrow("fork@abc:eval.json: task_results[0]: success true contradicts reward 0");
  });

  it("rejects a task that tasks.json lacks, and a tasks.json that is not a list of tasks", () => {
    expect(() => convert(evaluationText([attempt("7", "1.0", 0)]))).toThrow("fork@abc:eval.json: task_results[0]: task 7 is not in tasks.json");
    expect(() => convert(evaluationText([attempt("5", "1.0", 0)]), parsePyJson('{"tasks": []}'))).toThrow(/^fork@abc:eval\.json \(tasks\.json\): /);
    expect(() => convert(evaluationText([attempt("5", "1.0", 0)]), parsePyJson('[{"name": "no id"}]'))).toThrow(/^fork@abc:eval\.json \(tasks\.json\): \[0\]\.id: /);
  });
});

describe("withActionDefaults", () => {
  it("fills pydantic's defaults and keeps recorded values", () => {
    const task = parsePyJson(JSON.stringify({ id: "1", evaluation_criteria: { actions: [{ action_id: "1_0", name: "x", arguments: {} }, { action_id: "1_1", requestor: "user", name: "y", arguments: { a: 1 }, info: "i", compare_args: ["a"] }] } })) as PyObject;
    expect((withActionDefaults(task).evaluation_criteria as PyObject).actions).toEqual([
      { action_id: "1_0", requestor: "assistant", name: "x", arguments: {}, info: null, compare_args: null },
      { action_id: "1_1", requestor: "user", name: "y", arguments: { a: 1 }, info: "i", compare_args: ["a"] },
    ]);
  });

  it("leaves a task without actions as it is", () => {
    const task = { id: "1", evaluation_criteria: null };
    expect(withActionDefaults(task)).toBe(task);
  });
});

describe("policyFromRefinement", () => {
  it("takes the last iteration with a policy, as the fork's load_policy does", () => {
    const file = parsePyJson(JSON.stringify({ config: {}, iterations: [{ policy: "first" }, { policy: "second" }, { policy: null }], final_policy: "ignored" }));
    expect(policyFromRefinement(file, WHERE)).toBe("second");
  });

  it("falls back to final_population and wiki", () => {
    expect(policyFromRefinement(parsePyJson('{"final_population": [{"wiki": "best"}, {"wiki": "next"}]}'), WHERE)).toBe("best");
    expect(policyFromRefinement(parsePyJson('{"wiki": "w"}'), WHERE)).toBe("w");
  });

  it("says why a file gives no policy", () => {
    expect(() => policyFromRefinement(parsePyJson('{"iterations": [{"policy": null}]}'), WHERE)).toThrow("fork@abc:eval.json: no iteration has a policy");
    expect(() => policyFromRefinement(parsePyJson('{"iterations": "x"}'), WHERE)).toThrow(/^fork@abc:eval\.json: iterations: /);
    expect(() => policyFromRefinement(parsePyJson('{"final_population": []}'), WHERE)).toThrow(/^fork@abc:eval\.json: final_population: /);
    expect(() => policyFromRefinement(parsePyJson('{"config": {}}'), WHERE)).toThrow("fork@abc:eval.json: no iterations, final_population or wiki: not a policy refinement output");
    expect(() => policyFromRefinement(parsePyJson("[]"), WHERE)).toThrow("fork@abc:eval.json: expected an object");
  });
});
