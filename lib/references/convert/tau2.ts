/**
 * Expected calls (the `reference` format) from a tau2 task's ground-truth actions, as tau2 compares
 * an action with a tool call (data_model/tasks.py, Action.compare_with_tool_call; the same code at
 * every commit bench/tau2 reads):
 *
 *     if self.name != tool_call.name: return False
 *     compare_args = tool_call.arguments.keys() if self.compare_args is None else self.compare_args
 *     if len(compare_args) == 0: return True
 *     tool_args = {k: v for k, v in tool_call.arguments.items() if k in compare_args}
 *     action_args = {k: v for k, v in self.arguments.items() if k in compare_args}
 *     return tool_args == action_args
 *
 * With compare_args None the compared keys are the CALL's: every argument of the call must be an
 * argument of the action with an equal value, and the action's other arguments are ignored (the
 * call's arguments are a subset of the action's: agentevals' "subset", top-level keys only, values
 * by Python ==, so nested objects and lists must be equal whole). A call without arguments matches
 * any action of its name. With compare_args set, both sides are cut to those keys and the two dicts
 * must be equal: a listed key present on one side only fails, absent on both passes; [] matches any
 * call of the name. Hence `args: "subset"`, `compare`, `numbers: "value"` (Python's 1 == 1.0), and
 * `trajectory: "unordered"` (tau2 checks each action against every call).
 *
 * `Args` is however the caller holds argument values: the converters hold Python values
 * (py-value.ts), bench/tau2 its own.
 */

export interface Tau2Action<Args> {
  action_id?: unknown;
  /** "assistant" (the default) or "user": a user's action (telecom: the customer on their phone) is not the agent's call. */
  requestor?: unknown;
  name?: unknown;
  arguments: Args;
  compare_args?: unknown;
}

export interface Tau2ReferenceCall<Args> {
  name: string;
  args: Args;
  /** tau2's compare_args when set: only these arguments are checked, each must be equal or absent on both sides. */
  compare?: string[];
  /** A ground-truth call of a free tool (a read): never judged, may be absent. */
  optional?: true;
}

export interface Tau2ReferenceMatch {
  preset: null;
  trajectory: "unordered";
  args: "subset";
  strings: "exact";
  numbers: "value";
  free_tools: string[];
}

export interface Tau2Reference<Args> {
  steps: { calls: Tau2ReferenceCall<Args>[] }[];
  match: Tau2ReferenceMatch;
}

/**
 * The reference of a task: one step per ground-truth action of the agent, in the task's order,
 * each with the action's arguments and its compare_args. Actions of free tools (reads, `think`:
 * the domain's tools that are not ToolType.WRITE) are optional. The user's actions are left out
 * and counted.
 */
export function referenceFromActions<Args>(actions: readonly Tau2Action<Args>[], freeTools: readonly string[]): { reference: Tau2Reference<Args>; actionIds: (string | null)[]; userActions: number } {
  const free = new Set(freeTools);
  const steps: Tau2Reference<Args>["steps"] = [];
  const actionIds: (string | null)[] = [];
  let userActions = 0;
  for (const action of actions) {
    if ((action.requestor ?? "assistant") !== "assistant") {
      userActions++;
      continue;
    }
    if (typeof action.name !== "string") throw new Error(`ground-truth action ${JSON.stringify(action.action_id ?? null)} has no name`);
    const call: Tau2ReferenceCall<Args> = { name: action.name, args: action.arguments };
    if (action.compare_args !== null && action.compare_args !== undefined) {
      if (!Array.isArray(action.compare_args) || !action.compare_args.every((key) => typeof key === "string")) throw new Error(`ground-truth action ${JSON.stringify(action.action_id ?? null)}: compare_args is not a list of names`);
      call.compare = action.compare_args;
    }
    if (free.has(action.name)) call.optional = true;
    steps.push({ calls: [call] });
    actionIds.push(typeof action.action_id === "string" ? action.action_id : null);
  }
  const match: Tau2ReferenceMatch = { preset: null, trajectory: "unordered", args: "subset", strings: "exact", numbers: "value", free_tools: [...freeTools] };
  return { reference: { steps, match }, actionIds, userActions };
}
