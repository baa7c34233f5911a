import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readReferencesFile } from "@/lib/references/references-file";
import { tauBenchTasksToReferences } from "./tau-bench";
import { tau2TasksToReferences } from "./tau2-tasks";
import { declaredTools, freeToolsOf } from "./tau2-tool-types";

const fixture = (name: string) => ({ name, text: readFileSync(path.join(import.meta.dirname, "test-fixtures", "tau", name), "utf8") });
const toolsPy = fixture("airline_tools.py.txt");

describe("declaredTools (tau2's @is_tool decorators)", () => {
  it("reads each tool and its kind from the decorators, skipping one that is commented out", () => {
    const { tools, problems } = declaredTools(toolsPy.text, toolsPy.name);
    expect(problems).toEqual([]);
    expect(tools.map((tool) => [tool.name, tool.type])).toEqual([
      ["cancel_reservation", "write"],
      ["get_reservation_details", "read"],
      ["get_user_details", "read"],
      ["send_certificate", "write"],
      ["transfer_to_human_agents", "generic"],
    ]);
    expect(freeToolsOf(tools)).toEqual(["get_reservation_details", "get_user_details", "transfer_to_human_agents"]);
  });

  it("reads tool_type given by keyword, READ by default, several decorators, and says where a decorator is not on a def", () => {
    const source = ["class T(ToolKitBase):", "    @is_tool()", "    def a(self): ...", "    @is_tool(tool_type=ToolType.WRITE, mutates_state=False)", "    @other", "    async def b(self): ...", "    @is_tool(ToolType.READ)", "    x = 1"].join("\n");
    const { tools, problems } = declaredTools(source, "tools.py");
    expect(tools.map((tool) => [tool.name, tool.type])).toEqual([
      ["a", "read"],
      ["b", "write"],
    ]);
    expect(problems).toEqual([{ file: "tools.py", line: 8, path: "", message: "@is_tool: is not followed by a def" }]);
    expect(declaredTools("def f(:\n", "broken.py").problems[0]).toMatchObject({ file: "broken.py", line: 1 });
    expect(declaredTools("x = 1\n", "empty.py").problems[0].message).toMatch(/declares no tool/);
  });
});

describe("tau2TasksToReferences (tasks.json)", () => {
  const free = freeToolsOf(declaredTools(toolsPy.text, toolsPy.name).tools);

  it("writes one references line per task, keyed by its id, that the references file reader accepts", () => {
    const { lines, problems, notes } = tau2TasksToReferences(fixture("airline_tasks.json"), free);
    expect(problems).toEqual([]);
    expect(notes).toEqual([]);
    expect(lines.map((line) => line.taskId)).toEqual(["5", "7", "13"]);
    const read = readReferencesFile(lines.map((line) => line.json).join("\n"), "refs.jsonl");
    expect(read.errors).toEqual([]);
    expect(read.entries.map((entry) => entry.target)).toEqual([
      { kind: "task_id", value: "5" },
      { kind: "task_id", value: "7" },
      { kind: "task_id", value: "13" },
    ]);
    const transfer = JSON.parse(lines[2].json);
    expect(transfer.reference.steps).toEqual([{ calls: [{ name: "transfer_to_human_agents", args: { summary: expect.stringContaining("XEWRD9") }, compare: [], optional: true }] }]);
    expect(transfer.reference.match).toEqual({ preset: null, trajectory: "unordered", args: "subset", strings: "exact", numbers: "value", free_tools: free });
    const cancelling = JSON.parse(lines[1].json).reference.steps.map((step: { calls: { name: string; optional?: boolean }[] }) => [step.calls[0].name, step.calls[0].optional ?? false]);
    expect(cancelling).toContainEqual(["cancel_reservation", false]);
    expect(cancelling).toContainEqual(["get_reservation_details", true]);
  });

  it("keeps a float argument a float", () => {
    const text = '[{"id": "t1", "evaluation_criteria": {"actions": [{"action_id": "a", "name": "refund", "arguments": {"amount": 100.0}}]}}]';
    expect(tau2TasksToReferences({ name: "tasks.json", text }, []).lines[0].json).toContain('"amount":100.0');
  });

  it("names the line, JSON path and task of a bad task, and converts the others", () => {
    const text = [
      "[",
      '  {"id": "ok", "evaluation_criteria": {"actions": []}},',
      '  {"id": "bad", "evaluation_criteria": {"actions": [{"action_id": "x", "arguments": {}}]}},',
      '  {"id": "ok", "evaluation_criteria": null},',
      '  {"id": "none", "evaluation_criteria": null},',
      '  {"id": "user", "evaluation_criteria": {"actions": [{"action_id": "u", "requestor": "user", "name": "toggle", "arguments": {}}]}}',
      "]",
    ].join("\n");
    const { lines, problems, notes } = tau2TasksToReferences({ name: "tasks.json", text }, []);
    expect(lines.map((line) => line.taskId)).toEqual(["ok", "user"]);
    expect(problems.map(({ line, path, message }) => [line, path, message])).toEqual([
      [3, "[1].evaluation_criteria.actions[0].name", "task 1: evaluation_criteria.actions[0].name: is missing (expected a string)"],
      [4, "[2].id", 'task 2: id "ok" repeats task 0; the first is used'],
      [5, "[3].evaluation_criteria", 'task 3 (id "none"): has no evaluation_criteria, so no expected calls; no reference written'],
    ]);
    expect(notes).toEqual(["2 tasks have no ground-truth actions of the agent: the reference expects no call except to free tools", '1 action of the user (requestor "user") left out: they are not the agent\'s calls']);
    expect(tau2TasksToReferences({ name: "tasks.json", text: '[\n  {"id": 1,}\n]' }, []).problems).toEqual([{ file: "tasks.json", line: 2, path: "", message: "invalid JSON at column 12: Expecting property name enclosed in double quotes" }]);
    expect(tau2TasksToReferences({ name: "tasks.json", text: '{"tasks": []}' }, []).problems[0].message).toMatch(/expected a JSON array of tasks/);
  });
});

describe("tauBenchTasksToReferences (tau-bench v1 task modules)", () => {
  it("reads Task(...) and Action(...) without running Python, keyed by the task's index as tau-bench's results are", () => {
    const free = ["find_user_id_by_name_zip", "get_order_details", "get_product_details", "get_user_details", "list_all_product_types"];
    const { lines, problems, notes } = tauBenchTasksToReferences(fixture("retail_tasks_test.py.txt"), free);
    expect(problems).toEqual([]);
    expect(notes).toEqual(["1 task also expects outputs (text the agent must say), which a reference of calls does not check"]);
    expect(lines.map((line) => line.taskId)).toEqual([0, 1]);
    const read = readReferencesFile(lines.map((line) => line.json).join("\n"), "refs.jsonl");
    expect(read.errors).toEqual([]);
    expect(read.entries[0].target).toEqual({ kind: "task_id", value: "0" });
    const first = JSON.parse(lines[0].json);
    expect(first.reference.steps.at(-1)).toEqual({
      calls: [{ name: "exchange_delivered_order_items", args: { order_id: "#W2378156", item_ids: ["1151293680", "4983901480"], new_item_ids: ["7706410293", "7747408585"], payment_method_id: "credit_card_9513926" } }],
    });
    expect(first.reference.steps[0].calls[0]).toMatchObject({ name: "find_user_id_by_name_zip", optional: true });
  });

  it("reads the older dict form, negative and float numbers", () => {
    const text = 'tasks = [\n    {"user_id": "u", "actions": [{"name": "refund", "arguments": {"amount": -12.5, "ids": (1, 2)}}], "outputs": []},\n]\n';
    expect(tauBenchTasksToReferences({ name: "tasks.py", text }, []).lines[0].json).toBe('{"task_id":0,"reference":{"steps":[{"calls":[{"name":"refund","args":{"amount":-12.5,"ids":[1,2]}}]}],"match":{"preset":null,"trajectory":"unordered","args":"subset","strings":"exact","numbers":"value","free_tools":[]}}}');
  });

  it("names the line of what it cannot read: code instead of literals, a syntax error, no task list", () => {
    const text = ['from tau_bench.types import Task, Action', "", "TASKS = [", '    Task(user_id="u", actions=[Action(name="f", kwargs={"id": ORDER_ID})], outputs=[]),', '    Task(user_id="u", actions=[Action(kwargs={})], outputs=[]),', '    Task(user_id="u", actions=[Action(name="g", kwargs={})], outputs=[]),', "]"].join("\n");
    const { lines, problems } = tauBenchTasksToReferences({ name: "tasks_test.py", text }, []);
    expect(lines.map((line) => line.taskId)).toEqual([2]);
    expect(problems.map(({ line, path, message }) => [line, path, message])).toEqual([
      [4, "TASKS[0]", "TASKS[0]: actions[0].kwargs: the name ORDER_ID is not a literal"],
      [5, "TASKS[1]", "TASKS[1]: actions[0].name: expected the tool's name as a string"],
    ]);
    expect(tauBenchTasksToReferences({ name: "t.py", text: "TASKS = [\n  Task(user_id='u'\n" }, []).problems[0]).toMatchObject({ line: 2, message: "column 7: '(' was never closed" });
    expect(tauBenchTasksToReferences({ name: "t.py", text: "for x in y:\n    pass\n" }, []).problems[0].message).toMatch(/only imports, docstrings and assignments/);
    expect(tauBenchTasksToReferences({ name: "t.py", text: "X = 1\n" }, []).problems[0].message).toMatch(/no list of tasks/);
  });
});
