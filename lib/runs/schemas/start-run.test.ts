import { describe, expect, it } from "vitest";
import { requestIssues } from "@/lib/platform/schemas/request-issues";
import type { RunSelection } from "./runs";
import { requestTranscripts, startRunRequestSchema } from "./start-run";

const valid = { transcripts: "all", criteria: ["c1"] };

function issues(body: unknown) {
  const parsed = startRunRequestSchema.safeParse(body);
  if (parsed.success) throw new Error(`expected ${JSON.stringify(body)} to be refused`);
  return requestIssues(parsed.error, body);
}

describe("startRunRequestSchema", () => {
  it("reads each selection and fills the checks judge and auto mode", () => {
    expect(startRunRequestSchema.parse(valid)).toEqual({ selection: { kind: "all" }, criteria: ["c1"], judge: "checks", mode: "auto" });
    expect(startRunRequestSchema.parse({ ...valid, transcripts: { upload: " u1 " } }).selection).toEqual({ kind: "upload", uploadId: "u1" });
    expect(startRunRequestSchema.parse({ ...valid, transcripts: { ids: ["t1", "t2", "t1"] } }).selection).toEqual({ kind: "transcripts", ids: ["t1", "t2"] });
  });

  it("reads the new-run form's filter selection, blank filters left out", () => {
    expect(startRunRequestSchema.parse({ ...valid, transcripts: { filter: { q: " weather ", tool: "", warnings: "yes" } } }).selection).toEqual({
      kind: "filter",
      q: "weather",
      tool: undefined,
      warnings: "yes",
    });
  });

  it("is what the new-run form sends: each of its selections, as the request names it, reads back as the same selection", () => {
    const selections: RunSelection[] = [{ kind: "all" }, { kind: "upload", uploadId: "u1" }, { kind: "transcripts", ids: ["t1"] }, { kind: "filter", q: "weather", tool: undefined, warnings: "no" }];
    for (const selection of selections) expect(startRunRequestSchema.parse({ ...valid, transcripts: requestTranscripts(selection) }).selection).toEqual(selection);
  });

  it("keeps a name, the judge and mode, and removes repeated criteria", () => {
    const parsed = startRunRequestSchema.parse({ ...valid, name: "  nightly ", criteria: ["c1", " c1", "Tool call fails if x"], judge: "openai", mode: "both" });
    expect(parsed).toEqual({ name: "nightly", selection: { kind: "all" }, criteria: ["c1", "Tool call fails if x"], judge: "openai", mode: "both" });
    expect(startRunRequestSchema.parse({ ...valid, name: "   " })).not.toHaveProperty("name");
  });

  it.each<[string, unknown, { path: string; message: RegExp }]>([
    ["a body that is not an object", [valid], { path: "", message: /^Expected an object, got an array/ }],
    ["no transcripts", { criteria: ["c1"] }, { path: "transcripts", message: /^transcripts: expected "all", \{"upload"/ }],
    ["transcripts of another word", { ...valid, transcripts: "everything" }, { path: "transcripts", message: /expected "all"/ }],
    ["transcripts with an unknown key", { ...valid, transcripts: { upload: "u1", ids: ["t1"] } }, { path: "transcripts", message: /expected "all"/ }],
    ["an empty id list", { ...valid, transcripts: { ids: [] } }, { path: "transcripts", message: /expected "all"/ }],
    ["no criteria", { transcripts: "all" }, { path: "criteria", message: /^criteria: is missing \(expected an array\)/ }],
    ["an empty criteria list", { ...valid, criteria: [] }, { path: "criteria", message: /expected at least one item, got an empty array/ }],
    ["a criterion that is not a string", { ...valid, criteria: ["c1", 7] }, { path: "criteria[1]", message: /expected a string, got a number \(7\)/ }],
    ["a blank criterion", { ...valid, criteria: ["  "] }, { path: "criteria[0]", message: /non-empty/ }],
    ["a criterion text too long", { ...valid, criteria: ["x".repeat(2001)] }, { path: "criteria[0]", message: /at most 2000 characters/ }],
    ["more than 50 distinct criteria", { ...valid, criteria: Array.from({ length: 51 }, (_, i) => `c${i}`) }, { path: "criteria", message: /at most 50 items/ }],
    ["an unknown judge", { ...valid, judge: "gpt" }, { path: "judge", message: /expected one of "checks", "openai", "anthropic", "composo", got a string \("gpt"\)/ }],
    ["an unknown mode", { ...valid, mode: "later" }, { path: "mode", message: /expected one of "auto", "immediate", "hindsight", "both"/ }],
    ["a name too long", { ...valid, name: "n".repeat(121) }, { path: "name", message: /at most 120 characters/ }],
    ["a misspelt key", { ...valid, criterion: ["c1"] }, { path: "", message: /unexpected key "criterion"/i }],
  ])("refuses %s with its JSON path", (_label, body, expected) => {
    const [first] = issues(body);
    expect(first.path).toBe(expected.path);
    expect(first.message).toMatch(expected.message);
  });

  it("accepts 50 distinct criteria given with repeats", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `c${i}`);
    expect(startRunRequestSchema.parse({ ...valid, criteria: [...fifty, ...fifty] }).criteria).toHaveLength(50);
  });
});
