import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readReferencesFile } from "@/lib/references/references-file";
import { callboard as run, ROOT, spawnedCallboard as spawned } from "./test-fixtures/run-callboard";

const FIXTURES = path.join(ROOT, "lib", "references", "convert", "test-fixtures");
const MATCHES = "Tool call passes if it matches the reference";
const AGENT_MATCHES = "Agent passes if its tool calls match the reference";

/** A function-calling model's BFCL results for the fixture questions: the first two right, the third a wrong value. */
const RESULTS = [
  { id: "simple_python_0", result: [{ calculate_triangle_area: '{"base": 10, "height": 5}' }] },
  { id: "simple_python_1", result: [{ math_factorial: '{"number": 5}' }] },
  { id: "multiple_0", result: [{ triangle_properties_get: '{"side1": 5, "side2": 4, "side3": 30}' }] },
  { id: "irrelevance_0", result: "I cannot do that with these functions." },
];

let dir: string;
const callboard = (args: string[], cwd: string) => run(args, { cwd });
const spawnedCallboard = (args: string[], cwd: string) => spawned(args, { cwd });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-convert-"));
  for (const name of ["questions.jsonl", "answers.jsonl"]) fs.copyFileSync(path.join(FIXTURES, "bfcl", name), path.join(dir, name));
  // The Python excerpts are kept as .txt: data for the tests, not the project's code.
  for (const name of ["airline_tasks.json", "airline_tools.py.txt", "retail_tasks_test.py.txt"]) fs.copyFileSync(path.join(FIXTURES, "tau", name), path.join(dir, name.replace(/\.txt$/, "")));
  fs.writeFileSync(path.join(dir, "results.jsonl"), RESULTS.map((line) => JSON.stringify(line)).join("\n"));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("callboard import-bfcl", () => {
  it("writes transcripts with references that `callboard eval` judges as BFCL does, and reports the ids it left out", async () => {
    const ran = await callboard(["import-bfcl", "--questions", "questions.jsonl", "--answers", "answers.jsonl", "--results", "results.jsonl", "--out", "bfcl.jsonl"], dir);
    // Four of the eight questions have a result: the others are reported, so the exit code says so.
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain("callboard import-bfcl: 4 transcripts (simple_python 2, multiple 1, irrelevance 1) written to bfcl.jsonl; 4 problems:\n");
    expect(ran.stderr).toContain("  questions.jsonl:4: id: parallel_0 has no result in results.jsonl: not converted (BFCL leaves it out of a partial evaluation)\n");

    const judged = await callboard(["eval", "bfcl.jsonl", "-c", MATCHES, "-c", AGENT_MATCHES, "--format", "json"], dir);
    expect(judged.stderr).toBe("");
    const report = JSON.parse(judged.stdout) as { results: { transcript: string; scope?: string; passed: boolean }[] };
    const verdict = (transcript: string, scope: string) => report.results.find((result) => result.transcript === transcript && (result.scope ?? "call") === scope)?.passed;
    expect(["simple_python_0", "simple_python_1", "multiple_0", "irrelevance_0"].map((id) => verdict(id, "agent"))).toEqual([true, true, false, true]);
    expect(verdict("multiple_0", "call")).toBe(false);

    const allowed = await callboard(["import-bfcl", "--questions", "questions.jsonl", "--answers", "answers.jsonl", "--results", "results.jsonl", "--out", "bfcl.jsonl", "--allow-invalid"], dir);
    expect(allowed.code).toBe(0);
  }, 90_000);

  it("writes to standard output through the launcher, and names files it cannot read", async () => {
    const ran = await spawnedCallboard(["import-bfcl", "--questions", "questions.jsonl", "--answers", "answers.jsonl"], dir);
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim().split("\n")).toHaveLength(8);
    expect(ran.stderr).toBe("callboard import-bfcl: 8 transcripts (simple_python 2, multiple 1, parallel 1, simple_java 2, simple_javascript 1, irrelevance 1) without the model's turn (no --results) written to standard output\n");

    const missing = await callboard(["import-bfcl", "--questions", "nope.jsonl", "--answers", "gone.jsonl"], dir);
    expect(missing).toEqual({ code: 2, stdout: "", stderr: "callboard: --questions nope.jsonl: no such file\ncallboard: --answers gone.jsonl: no such file\n" });
    const usage = await callboard(["import-bfcl", "--answers", "answers.jsonl"], dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("callboard: --questions <file> is required: BFCL's question file");
    expect(usage.stderr).toContain("Run `callboard import-bfcl --help` for usage.");
  }, 90_000);
});

describe("callboard references", () => {
  it("writes tau2 tasks' references by task id, with free tools read from tools.py", async () => {
    const ran = await callboard(["references", "tau2", "--tasks", "airline_tasks.json", "--tools", "airline_tools.py", "-o", "refs.jsonl"], dir);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe("callboard references tau2: 3 references by task id written to refs.jsonl; free tools: get_reservation_details, get_user_details, transfer_to_human_agents\n");
    const read = readReferencesFile(fs.readFileSync(path.join(dir, "refs.jsonl"), "utf8"), "refs.jsonl");
    expect(read.errors).toEqual([]);
    expect(read.entries.map((entry) => entry.target.value)).toEqual(["5", "7", "13"]);
  });

  it("writes tau-bench tasks' references by position, warns when no tool is free, and rejects what it cannot read", async () => {
    const ran = await callboard(["references", "tau", "--tasks", "retail_tasks_test.py"], dir);
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim().split("\n").map((line) => JSON.parse(line).task_id)).toEqual([0, 1]);
    expect(ran.stderr).toContain("note: no free tools (--tools tools.py or --free-tools a,b)");
    expect(ran.stderr).toContain("note: 1 task also expects outputs");

    fs.writeFileSync(path.join(dir, "broken.py"), "TASKS = [\n    Task(user_id='u', actions=[Action(name='f', kwargs={'id': ORDER})]),\n]\n");
    const broken = await callboard(["references", "tau", "--tasks", "broken.py", "--free-tools", "get_order"], dir);
    expect(broken).toMatchObject({ code: 2, stdout: "" });
    expect(broken.stderr).toContain("  broken.py:2: TASKS[0]: actions[0].kwargs: the name ORDER is not a literal\n");
  });

  it("explains usage errors: no benchmark, an unknown one, an option of another command", async () => {
    expect((await callboard(["references", "--tasks", "t.json"], dir)).stderr).toContain("name the benchmark: `callboard references tau2 --tasks tasks.json`");
    expect((await callboard(["references", "tau3", "--tasks", "t.json"], dir)).stderr).toContain('unknown benchmark "tau3"');
    expect(await callboard(["eval", "x.jsonl", "-c", MATCHES, "--questions", "q.jsonl"], dir)).toMatchObject({ code: 2, stderr: "callboard: --questions is not an option of eval\nRun `callboard eval --help` for usage.\n" });
    expect((await callboard(["help", "references"], dir)).stdout).toContain("Usage: callboard references tau2 --tasks tasks.json");
  });
});
