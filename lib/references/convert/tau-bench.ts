import type { LineError } from "@/lib/references/json-lines";
import { PyDict } from "@/lib/references/py-value";
import { describeNode, evaluateLiteral, PythonEvalError } from "./python/literal-eval";
import { moduleAssignments, type Assignment } from "./python/module";
import type { PyNode } from "./python/nodes";
import { PythonSyntaxError } from "./python/tokens";
import { referenceLine, type ReferencesConversion } from "./references-lines";
import { referenceFromActions, type Tau2Action } from "./tau2";

/**
 * tau-bench's (v1, sierra-research/tau-bench) task files as a references file. They are Python
 * modules, `TASKS_TEST = [Task(user_id=..., actions=[Action(name="...", kwargs={...})], outputs=[...]), ...]`
 * (older ones: dicts with "actions": [{"name", "arguments"}]), read here without running them.
 * A task's id is its index in the list: tau-bench's results (EnvRunResult.task_id) name it so.
 *
 * tau-bench scores the database state the actions produce, not each call; its actions are read
 * as tau2 reads its own (referenceFromActions: a call's arguments must be among the action's with
 * equal values, order free), so a call that performs an action passes. `outputs` (what the agent
 * must say) is not a call, and is counted in the notes.
 */
export function tauBenchTasksToReferences(file: { name: string; text: string }, freeTools: readonly string[]): ReferencesConversion {
  const problem = (line: number, path: string, message: string): LineError => ({ file: file.name, line, path, message });
  let assignments: Assignment[];
  try {
    assignments = moduleAssignments(file.text);
  } catch (error) {
    if (error instanceof PythonSyntaxError) return { lines: [], problems: [problem(error.line, "", `column ${error.column}: ${error.message}`)], notes: [] };
    throw error;
  }
  const lists = assignments.filter((assignment) => assignment.value.kind === "List");
  const chosen = lists.length === 1 ? lists[0] : lists.find((assignment) => /^tasks/i.test(assignment.name));
  if (!chosen || chosen.value.kind !== "List") {
    const names = lists.map((assignment) => assignment.name).join(", ");
    return { lines: [], problems: [problem(1, "", lists.length ? `several lists (${names}) and none named TASKS…: which holds the tasks?` : "no list of tasks: expected TASKS = [Task(...), ...] as tau-bench's task files hold them")], notes: [] };
  }

  const lines: ReferencesConversion["lines"] = [];
  const problems: LineError[] = [];
  let withOutputs = 0;
  chosen.value.elts.forEach((element, index) => {
    const path = `${chosen.name}[${index}]`;
    try {
      const fields = fieldsOf(element, "Task");
      const actionsNode = fields.get("actions");
      if (!actionsNode || actionsNode.kind !== "List") throw new PythonEvalError(`actions: ${actionsNode ? `expected a list, found ${describeNode(actionsNode)}` : "is missing"}`);
      const actions = actionsNode.elts.map((node, at) => actionOf(node, `actions[${at}]`));
      const outputs = fields.get("outputs");
      if (outputs?.kind === "List" && outputs.elts.length) withOutputs++;
      lines.push({ taskId: index, json: referenceLine(index, referenceFromActions(actions, freeTools).reference) });
    } catch (error) {
      if (!(error instanceof PythonEvalError)) throw error;
      const at = error instanceof NodeError ? error.node : element;
      problems.push(problem(at.line, path, `${path}: ${error.message}`));
    }
  });
  const notes = withOutputs ? [`${withOutputs} task${withOutputs === 1 ? " also expects" : "s also expect"} outputs (text the agent must say), which a reference of calls does not check`] : [];
  return { lines, problems, notes };
}

/** An error at a node of the file, for its line. */
class NodeError extends PythonEvalError {
  constructor(
    message: string,
    readonly node: PyNode,
  ) {
    super(message);
  }
}

/** `Task(a=..., b=...)` or `{"a": ..., "b": ...}`: the fields by name, values unread. */
function fieldsOf(node: PyNode, what: string): Map<string, PyNode> {
  if (node.kind === "Call" && node.func.kind === "Name" && node.func.id === what) {
    if (node.args.length) throw new NodeError(`${what}(...) takes keyword arguments only`, node);
    return new Map(node.keywords.flatMap((keyword) => (keyword.name === null ? [] : [[keyword.name, keyword.value] as const])));
  }
  if (node.kind === "Dict") {
    return new Map(
      node.keys.flatMap((key, index) => {
        if (key?.kind !== "Constant" || key.value.type !== "str") throw new NodeError("a key that is not a string", key ?? node);
        return [[key.value.value, node.values[index]] as const];
      }),
    );
  }
  throw new NodeError(`expected ${what}(...) or a dict, found ${describeNode(node)}`, node);
}

function actionOf(node: PyNode, path: string): Tau2Action<PyDict> {
  const fields = fieldsOf(node, "Action");
  const name = fields.get("name");
  if (name?.kind !== "Constant" || name.value.type !== "str") throw new NodeError(`${path}.name: expected the tool's name as a string`, name ?? node);
  const argsNode = fields.get("kwargs") ?? fields.get("arguments");
  if (!argsNode) throw new NodeError(`${path}.kwargs: is missing (the call's arguments)`, node);
  let args;
  try {
    args = evaluateLiteral(argsNode);
  } catch (error) {
    if (error instanceof PythonEvalError) throw new NodeError(`${path}.kwargs: ${error.message}`, argsNode);
    throw error;
  }
  if (!(args instanceof PyDict)) throw new NodeError(`${path}.kwargs: expected a dict of arguments`, argsNode);
  return { name: name.value.value, arguments: args };
}
