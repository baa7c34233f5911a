import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./args";

const CRITERION = "Reward tool calls that select appropriate tools";

function failure(argv: string[]): string {
  const parsed = parseCliArgs(argv);
  if (parsed.ok) throw new Error(`expected a usage error for ${argv.join(" ")}`);
  return parsed.message;
}

describe("parseCliArgs", () => {
  it("reads eval with every option, long and short", () => {
    const parsed = parseCliArgs(["eval", "a.json", "b.jsonl", "-c", CRITERION, "--criteria", "Tool call passes if x", "--criteria-file", "c.txt", "-j", "OpenAI", "-m", "both", "-f", "junit", "--fail-under", "0.75", "--save", "--name", "nightly", "--concurrency", "8", "--allow-invalid", "-v"]);
    expect(parsed).toEqual({
      ok: true,
      command: "eval",
      options: {
        files: ["a.json", "b.jsonl"],
        criteria: [CRITERION, "Tool call passes if x"],
        criteriaFiles: ["c.txt"],
        judge: "openai",
        mode: "both",
        format: "junit",
        failUnder: 0.75,
        allowInvalid: true,
        save: true,
        name: "nightly",
        concurrency: 8,
        verbose: true,
      },
    });
  });

  it("defaults to the checks judge, auto mode, a table and no threshold", () => {
    expect(parseCliArgs(["eval", "a.json", "-c", CRITERION])).toMatchObject({
      ok: true,
      options: { judge: "checks", mode: "auto", format: "table", failUnder: undefined, save: false, allowInvalid: false },
    });
  });

  it("answers help for --help, `help` and `eval --help`", () => {
    expect(parseCliArgs(["--help"])).toEqual({ ok: true, command: "help", topic: "main" });
    expect(parseCliArgs(["help", "eval"])).toEqual({ ok: true, command: "help", topic: "eval" });
    expect(parseCliArgs(["eval", "--help"])).toEqual({ ok: true, command: "help", topic: "eval" });
  });

  it("names an unknown judge, mode or format and lists the choices", () => {
    expect(failure(["eval", "a.json", "-c", CRITERION, "--judge", "gpt"])).toBe('unknown judge "gpt": use one of checks, openai, anthropic, composo');
    expect(failure(["eval", "a.json", "-c", CRITERION, "--mode", "later"])).toBe('unknown mode "later": use one of auto, immediate, hindsight, both');
    expect(failure(["eval", "a.json", "-c", CRITERION, "--format", "xml"])).toBe('unknown format "xml": use one of table, json, junit');
  });

  it("wants --fail-under in [0, 1]", () => {
    for (const value of ["2", "-0.1", "abc", ""]) expect(failure(["eval", "a.json", "-c", CRITERION, `--fail-under=${value}`])).toContain("--fail-under must be a number between 0 and 1");
    expect(failure(["eval", "a.json", "-c", CRITERION, "--fail-under", "-1"])).toBe('--fail-under needs a value; write --fail-under=<value> for one that starts with "-"');
    expect(parseCliArgs(["eval", "a.json", "-c", CRITERION, "--fail-under", "0"])).toMatchObject({ ok: true, options: { failUnder: 0 } });
    expect(parseCliArgs(["eval", "a.json", "-c", CRITERION, "--fail-under", "1"])).toMatchObject({ ok: true, options: { failUnder: 1 } });
  });

  it("reports every problem at once: no file and no criteria", () => {
    const message = failure(["eval"]);
    expect(message).toContain("no input file");
    expect(message).toContain("no criteria: pass --criteria");
  });

  it("rephrases node's parser errors", () => {
    expect(failure(["eval", "a.json", "--bogus"])).toBe("unknown option --bogus");
    expect(failure(["eval", "a.json", "-c", CRITERION, "--judge"])).toBe("--judge needs a value");
    expect(failure(["eval", "a.json", "-c", CRITERION, "--save=yes"])).toBe("--save takes no value");
  });

  it("rejects an unknown command, no command, --name without --save and a bad concurrency", () => {
    expect(failure(["evaluate", "a.json"])).toContain('unknown command "evaluate"');
    expect(failure([])).toContain("no command");
    expect(failure(["eval", "a.json", "-c", CRITERION, "--name", "x"])).toBe("--name names a saved run: use it with --save");
    expect(failure(["eval", "a.json", "-c", CRITERION, "--concurrency", "0"])).toContain("--concurrency must be a whole number from 1 to 64");
  });

  it("reads import-bfcl and references with their options", () => {
    expect(parseCliArgs(["import-bfcl", "--questions", "q.json", "--answers", "a.json", "--results", "r.json", "-o", "out.jsonl"])).toEqual({
      ok: true,
      command: "import-bfcl",
      options: { questions: "q.json", answers: "a.json", results: "r.json", out: "out.jsonl", allowInvalid: false },
    });
    expect(parseCliArgs(["references", "tau2", "--tasks", "tasks.json", "--tools", "tools.py", "--tools", "toolkit.py", "--free-tools", " think, calculate ,", "--allow-invalid"])).toEqual({
      ok: true,
      command: "references",
      options: { format: "tau2", tasks: "tasks.json", tools: ["tools.py", "toolkit.py"], freeTools: ["think", "calculate"], out: undefined, allowInvalid: true },
    });
    expect(parseCliArgs(["references", "--help"])).toEqual({ ok: true, command: "help", topic: "references" });
    expect(parseCliArgs(["help", "import-bfcl"])).toEqual({ ok: true, command: "help", topic: "import-bfcl" });
  });

  it("names what the converters miss, and an option given to the wrong command", () => {
    expect(failure(["import-bfcl"])).toContain("--questions <file> is required");
    expect(failure(["import-bfcl", "q.json"])).toContain('not "q.json"');
    expect(failure(["references", "tau2"])).toContain("--tasks <file> is required");
    expect(failure(["references", "bfcl", "--tasks", "t.json"])).toContain('unknown benchmark "bfcl"');
    expect(failure(["references", "tau2", "--tasks", "t.json", "-c", CRITERION])).toBe("--criteria is not an option of references");
    expect(failure(["import-bfcl", "--questions", "q.json", "--tasks", "t.json", "--save"])).toBe("--tasks is not an option of import-bfcl\n--save is not an option of import-bfcl");
  });
});
