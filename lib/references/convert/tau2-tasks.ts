import { z } from "zod";
import type { LineError } from "@/lib/references/json-lines";
import { parsePyJson } from "@/lib/references/py-json";
import { PyDict, type PyValue } from "@/lib/references/py-value";
import { formatZodIssues } from "@/lib/transcripts/zod-errors";
import { arrayItemLines } from "./json-array-items";
import { referenceLine, type ReferencesConversion } from "./references-lines";
import { referenceFromActions, type Tau2Action } from "./tau2";

/**
 * tau2-bench's tasks.json (`data/tau2/domains/<domain>/tasks.json`: a JSON array of tasks) as a
 * references file: each task's `evaluation_criteria.actions` become its expected calls
 * (referenceFromActions), keyed by the task's `id`, as tau2's simulations name their task.
 */

const action = z.looseObject({
  action_id: z.string().optional(),
  requestor: z.enum(["assistant", "user"]).optional(),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown(), { error: "expected the action's arguments: an object" }),
  compare_args: z.array(z.string()).nullish(),
});

const task = z.looseObject({
  id: z.union([z.string().min(1), z.number()], { error: "expected the task's id: a string" }),
  evaluation_criteria: z.looseObject({ actions: z.array(action).nullish() }).nullish(),
});

export function tau2TasksToReferences(file: { name: string; text: string }, freeTools: readonly string[]): ReferencesConversion {
  const problems: LineError[] = [];
  const py = parsePyJson(file.text);
  if (!py.ok) {
    const before = file.text.slice(0, py.offset);
    const line = before.split("\n").length;
    return { lines: [], problems: [{ file: file.name, line, path: "", message: `invalid JSON at column ${py.offset - before.lastIndexOf("\n")}: ${py.message}` }], notes: [] };
  }
  if (!Array.isArray(py.value)) return { lines: [], problems: [{ file: file.name, line: 1, path: "", message: "expected a JSON array of tasks, as tau2's tasks.json holds them" }], notes: [] };
  const tasks = py.value;
  const values = JSON.parse(file.text) as unknown[];
  const itemLines = arrayItemLines(file.text);
  const lines: ReferencesConversion["lines"] = [];
  const seen = new Map<string, number>();
  let userActions = 0;
  let withoutActions = 0;
  values.forEach((value, index) => {
    const line = itemLines[index] ?? 1;
    const parsed = task.safeParse(value);
    if (!parsed.success) {
      for (const issue of formatZodIssues(parsed.error.issues, value)) problems.push({ file: file.name, line, path: `[${index}]${issue.path ? `.${issue.path}` : ""}`, message: `task ${index}: ${issue.message}` });
      return;
    }
    const { id, evaluation_criteria: criteria } = parsed.data;
    const key = String(id);
    if (seen.has(key)) {
      problems.push({ file: file.name, line, path: `[${index}].id`, message: `task ${index}: id ${JSON.stringify(id)} repeats task ${seen.get(key)}; the first is used` });
      return;
    }
    seen.set(key, index);
    if (!criteria) {
      problems.push({ file: file.name, line, path: `[${index}].evaluation_criteria`, message: `task ${index} (id ${JSON.stringify(id)}): has no evaluation_criteria, so no expected calls; no reference written` });
      return;
    }
    const rawActions = criteria.actions ?? [];
    // Arguments as Python reads them: `100.0` stays a float.
    const pyActions = actionsAt(tasks[index]);
    const actions: Tau2Action<PyDict>[] = rawActions.map((entry, at) => ({ ...entry, arguments: pyActions[at] ?? new PyDict(new Map()) }));
    const mapped = referenceFromActions(actions, freeTools);
    userActions += mapped.userActions;
    if (mapped.reference.steps.length === 0) withoutActions++;
    lines.push({ taskId: id, json: referenceLine(id, mapped.reference) });
  });
  const notes = [
    ...(withoutActions ? [`${withoutActions} task${withoutActions === 1 ? " has" : "s have"} no ground-truth actions of the agent: the reference expects no call except to free tools`] : []),
    ...(userActions ? [`${userActions} action${userActions === 1 ? "" : "s"} of the user (requestor "user") left out: they are not the agent's calls`] : []),
  ];
  return { lines, problems, notes };
}

/** The task's actions' arguments, as parsePyJson read them. */
function actionsAt(task: PyValue | undefined): PyDict[] {
  const criteria = task instanceof PyDict ? task.entries.get("evaluation_criteria") : undefined;
  const actions = criteria instanceof PyDict ? criteria.entries.get("actions") : undefined;
  return (Array.isArray(actions) ? actions : []).map((entry) => {
    const args = entry instanceof PyDict ? entry.entries.get("arguments") : undefined;
    return args instanceof PyDict ? args : new PyDict(new Map());
  });
}
