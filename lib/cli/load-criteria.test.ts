import { describe, expect, it } from "vitest";
import { loadCriteria } from "./load-criteria";

const files: Record<string, string> = {
  "lines.txt": "# CI criteria\nReward tool calls that select appropriate tools\n\n  Tool call fails if it calls an unknown tool  \n",
  "list.json": '["Penalize tool calls that repeat a failed call", {"text": "Tool call passes if every argument is grounded"}]',
  "bad.txt": "Reward tool calls that select appropriate tools\nRewards calls that are right\n",
  "bad.json": "[1]",
};

function readFile(file: string): string {
  const content = files[file];
  if (content === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: "ENOENT" });
  return content;
}

describe("loadCriteria", () => {
  it("takes --criteria, then text files line by line and JSON lists, without repeats", () => {
    const loaded = loadCriteria(["Reward tool calls that select appropriate tools"], ["lines.txt", "list.json"], readFile);
    if (!loaded.ok) throw new Error(loaded.messages.join("\n"));
    expect(loaded.criteria.map((c) => [c.kind, c.text])).toEqual([
      ["reward", "Reward tool calls that select appropriate tools"],
      ["fails-if", "Tool call fails if it calls an unknown tool"],
      ["penalize", "Penalize tool calls that repeat a failed call"],
      ["passes-if", "Tool call passes if every argument is grounded"],
    ]);
  });

  it("names where a criterion without a valid prefix came from, with the parser's suggestion", () => {
    expect(loadCriteria(["Reward calls that work", "Tool call passes if x"], [], readFile)).toEqual({
      ok: false,
      messages: [expect.stringMatching(/^--criteria #1: "Reward calls that work": A criterion must start with .* Did you mean "Reward tool calls …"\?$/)],
    });
    const fromFile = loadCriteria([], ["bad.txt"], readFile);
    expect(fromFile.ok ? [] : fromFile.messages).toEqual([expect.stringMatching(/^bad\.txt:2: "Rewards calls that are right": /)]);
  });

  it("reports missing and malformed criteria files", () => {
    expect(loadCriteria([], ["nope.txt", "bad.json"], readFile)).toEqual({
      ok: false,
      messages: ["--criteria-file nope.txt: no such file", '--criteria-file bad.json: item 0 is not a string or an object with a "text" string'],
    });
    expect(loadCriteria([], ["empty.txt"], (file) => (file === "empty.txt" ? "# nothing yet\n" : ""))).toEqual({ ok: false, messages: ["no criteria: the criteria files hold none"] });
  });
});
