import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { referenceSummary } from "@/lib/references/expected-call";
import { readTranscripts } from "@/lib/transcripts/read-transcripts";
import { convertBfcl, type BfclInput } from "./bfcl";

const FIXTURES = path.join(import.meta.dirname, "test-fixtures", "bfcl");
const questions = { name: "questions.jsonl", text: readFileSync(path.join(FIXTURES, "questions.jsonl"), "utf8") };
const answers = { name: "answers.jsonl", text: readFileSync(path.join(FIXTURES, "answers.jsonl"), "utf8") };
const results = (lines: Record<string, unknown>[]) => ({ name: "results.jsonl", text: lines.map((line) => JSON.stringify(line)).join("\n") });

/** A function-calling model's answers, as BFCL's result files hold them (each call's arguments a JSON string). */
const FC_RESULTS = [
  { id: "simple_python_0", result: [{ calculate_triangle_area: '{"base": 10, "height": 5}' }] },
  { id: "simple_python_1", result: [{ math_factorial: '{"number": 5}' }] },
  { id: "multiple_0", result: [{ triangle_properties_get: '{"side1": 5, "side2": 4, "side3": 3}' }] },
  { id: "parallel_0", result: [{ spotify_play: '{"artist": "Maroon 5", "duration": 15}' }, { spotify_play: '{"artist": "Taylor Swift", "duration": 20}' }] },
  { id: "simple_java_0", result: [{ GeometryPresentation_createPresentation: '{"controller": "mapController", "parent": "mapArea"}' }] },
  { id: "simple_java_1", result: [{ SQLCompletionAnalyzer_makeProposalsFromObject: '{"object": "Customers", "useShortName": "true", "params": "new HashMap<String, Object>() {{ put(\\"limit\\", 50); put(\\"schemaFilter\\", \\"public\\"); }}"}' }] },
  { id: "simple_javascript_0", result: [{ validateUserInput: '{"inputField": "userInputField", "isComplete": "true"}' }] },
  { id: "irrelevance_0", result: "I cannot calculate a triangle's area with the body-mass-index function." },
];

/** Each converted transcript imported as an upload imports it, with its verdict against its reference. */
async function verdicts(input: BfclInput): Promise<Map<string, { passed: boolean; reasons: string[]; bfcl: string | null }>> {
  const { transcripts } = convertBfcl(input);
  const out = new Map<string, { passed: boolean; reasons: string[]; bfcl: string | null }>();
  for await (const { outcome } of readTranscripts([transcripts.map((transcript) => transcript.json).join("\n")], "bfcl.jsonl")) {
    if (!outcome.ok) throw new Error(outcome.error.message);
    // BFCL gives no tool responses: only those warnings are expected.
    expect(outcome.warnings.filter((warning) => warning.code !== "missing_response")).toEqual([]);
    const summary = referenceSummary(outcome.transcript.messages, outcome.transcript.tools, outcome.transcript.referenceText ?? null, () => false);
    if (!summary) throw new Error(`${outcome.name}: no reference`);
    out.set(outcome.name, { passed: summary.transcript.passed, reasons: summary.transcript.reasons.map((reason) => reason.code), bfcl: summary.transcript.bfclErrorType });
  }
  return out;
}

describe("convertBfcl", () => {
  it("turns real BFCL questions, possible answers and results into transcripts whose verdicts are BFCL's", async () => {
    const { transcripts, problems } = convertBfcl({ questions, answers, results: results(FC_RESULTS) });
    expect(problems).toEqual([]);
    expect(transcripts.map((transcript) => [transcript.id, transcript.category, transcript.line])).toEqual([
      ["simple_python_0", "simple_python", 1],
      ["simple_python_1", "simple_python", 2],
      ["multiple_0", "multiple", 3],
      ["parallel_0", "parallel", 4],
      ["simple_java_0", "simple_java", 5],
      ["simple_java_1", "simple_java", 6],
      ["simple_javascript_0", "simple_javascript", 7],
      ["irrelevance_0", "irrelevance", 8],
    ]);
    const all = await verdicts({ questions, answers, results: results(FC_RESULTS) });
    expect([...all.values()].every((verdict) => verdict.passed)).toBe(true);
  });

  it("writes the question, BFCL's tools, the model's turn, and the possible answer verbatim as the reference", () => {
    const [first, factorial, , parallel, , javaMap, , irrelevance] = convertBfcl({ questions, answers, results: results(FC_RESULTS) }).transcripts.map((transcript) => JSON.parse(transcript.json));
    expect(first).toMatchObject({
      name: "simple_python_0",
      messages: [{ role: "user", content: "Find the area of a triangle with a base of 10 units and height of 5 units." }, { role: "assistant", content: null, tool_calls: [{ id: "call_0", type: "function", function: { name: "calculate_triangle_area", arguments: '{"base": 10, "height": 5}' } }] }],
      reference: { steps: [{ calls: [{ name: "calculate_triangle_area", allowed: { base: [10], height: [5], unit: ["units", ""] } }] }], match: { preset: "bfcl", language: "python" } },
      metadata: { task_id: "simple_python_0", bfcl_category: "simple_python" },
    });
    expect(first.tools[0].function.description).toMatch(/ Note that the provided function is in Python 3 syntax\.$/);
    expect(first.tools[0].function.parameters.type).toBe("object");
    // Dots become underscores in the tools, as BFCL sends them; the reference keeps BFCL's name.
    expect(factorial.tools[0].function.name).toBe("math_factorial");
    expect(factorial.reference.steps[0].calls[0].name).toBe("math.factorial");
    expect(parallel.reference.steps[0].order).toBe("any");
    expect(javaMap.tools[0].function.parameters.properties.params).toMatchObject({ type: "string", description: expect.stringContaining("This is Java HashMap type parameter in string representation.") });
    expect(javaMap.reference.steps[0].calls[0].types).toEqual({ object: "any", useShortName: "boolean", params: "HashMap" });
    expect(javaMap.reference.match.language).toBe("java");
    expect(irrelevance.reference).toEqual({ steps: [], match: { preset: "bfcl", language: "python" } });
    expect(irrelevance.messages[1]).toEqual({ role: "assistant", content: FC_RESULTS[7].result });
  });

  it("fails what BFCL fails: a wrong value, a float for an integer, a call on an irrelevance question", async () => {
    const all = await verdicts({
      questions,
      answers,
      results: results([
        { id: "simple_python_0", result: [{ calculate_triangle_area: '{"base": 10.0, "height": 5}' }] },
        { id: "simple_python_1", result: [{ math_factorial: { number: 6 } }] },
        { id: "irrelevance_0", result: [{ determine_body_mass_index: '{"weight": 10, "height": 5}' }] },
      ]),
    });
    expect(all.get("simple_python_0")).toMatchObject({ passed: false, bfcl: "type_error:simple" });
    expect(all.get("simple_python_1")).toMatchObject({ passed: false, bfcl: "value_error:others" });
    expect(all.get("irrelevance_0")).toMatchObject({ passed: false, reasons: ["unexpected_call"] });
  });

  it("reads a prompting model's Python text as BFCL decodes it, dotted names mapped to the tools' names", async () => {
    const { transcripts } = convertBfcl({ questions, answers, results: results([{ id: "simple_python_1", result: "[math.factorial(number=5)]" }, { id: "parallel_0", result: "```\nspotify.play(artist='Taylor Swift', duration=20), spotify.play(artist='Maroon 5', duration=15)\n```" }]) });
    expect(JSON.parse(transcripts[0].json).messages[1].tool_calls[0].function).toEqual({ name: "math_factorial", arguments: '{"number":5}' });
    const all = await verdicts({ questions, answers, results: results([{ id: "simple_python_1", result: "[math.factorial(number=5)]" }, { id: "simple_python_0", result: "The area is 25 square units." }]) });
    expect(all.get("simple_python_1")?.passed).toBe(true);
    expect(all.get("simple_python_0")).toMatchObject({ passed: false, bfcl: "ast_decoder:decoder_failed" });
  });

  it("converts every question without an assistant turn when no results are given", () => {
    const { transcripts, problems } = convertBfcl({ questions, answers });
    expect(problems).toEqual([]);
    expect(transcripts).toHaveLength(8);
    expect(JSON.parse(transcripts[0].json).messages).toHaveLength(1);
  });

  it("keeps numbers as written: a float in a possible answer or an argument stays a float", () => {
    const { transcripts } = convertBfcl({
      questions: { name: "q.jsonl", text: '{"id": "simple_python_9", "question": [[{"role": "user", "content": "x"}]], "function": [{"name": "f", "description": "d", "parameters": {"type": "dict", "properties": {"x": {"type": "float", "description": "x"}}, "required": ["x"]}}]}' },
      answers: { name: "a.jsonl", text: '{"id": "simple_python_9", "ground_truth": [{"f": {"x": [2.0]}}]}' },
      results: { name: "r.jsonl", text: '{"id": "simple_python_9", "result": [{"f": {"x": 2.0}}]}' },
    });
    expect(transcripts[0].json).toContain('"allowed":{"x":[2.0]}');
    expect(transcripts[0].json).toContain('"arguments":"{\\"x\\":2.0}"');
  });
});

describe("convertBfcl on bad input", () => {
  const problems = (input: Partial<BfclInput>) => convertBfcl({ questions, answers, ...input }).problems.map(({ file, line, path, message }) => `${file}:${line} ${path} | ${message}`);

  it("reports ids that one file has and another lacks, and converts the rest", () => {
    const { transcripts, problems: found } = convertBfcl({ questions, answers: { name: "answers.jsonl", text: answers.text.split("\n").slice(1).join("\n") }, results: results([...FC_RESULTS.slice(0, 3), { id: "simple_python_77", result: [] }]) });
    expect(transcripts.map((transcript) => transcript.id)).toEqual(["simple_python_1", "multiple_0"]);
    expect(found.map(({ file, line, path, message }) => `${file}:${line} ${path} | ${message}`)).toEqual([
      "questions.jsonl:1 id | id: simple_python_0 has no possible answer in answers.jsonl",
      "questions.jsonl:4 id | id: parallel_0 has no result in results.jsonl: not converted (BFCL leaves it out of a partial evaluation)",
      "questions.jsonl:5 id | id: simple_java_0 has no result in results.jsonl: not converted (BFCL leaves it out of a partial evaluation)",
      "questions.jsonl:6 id | id: simple_java_1 has no result in results.jsonl: not converted (BFCL leaves it out of a partial evaluation)",
      "questions.jsonl:7 id | id: simple_javascript_0 has no result in results.jsonl: not converted (BFCL leaves it out of a partial evaluation)",
      "questions.jsonl:8 id | id: irrelevance_0 has no result in results.jsonl: not converted (BFCL leaves it out of a partial evaluation)",
      'results.jsonl:4 id | id: "simple_python_77" is not a question of questions.jsonl',
    ]);
  });

  it("names the line and column of invalid JSON, and the JSON path of a line that is not BFCL's shape", () => {
    expect(problems({ answers: { name: "answers.jsonl", text: '{"id": "simple_python_0", "ground_truth": [{"calculate_triangle_area": {"base": 10}}]}\n{"id": "simple_python_1", "ground_truth": [{"math.factorial": {"number": [5]}}\n' } })).toEqual(
      expect.arrayContaining([
        "answers.jsonl:1 ground_truth[0].calculate_triangle_area.base | ground_truth[0].calculate_triangle_area.base: expected a list of the values that pass (BFCL's possible answer), got a number (10)",
        "answers.jsonl:2  | invalid JSON at column 79: Expecting ',' delimiter",
      ]),
    );
    expect(problems({ questions: { name: "q.jsonl", text: '{"id": "simple_python_0", "question": "Find the area", "function": []}' }, answers: undefined })[0]).toMatch(/^q\.jsonl:1 question \| question: expected the conversation/);
    expect(problems({ answers: { name: "answers.jsonl", text: '{"id": "simple_python_0", "ground_truth": [{"f": {"x": [1]}, "g": {"y": [2]}}]}' } })).toContainEqual(expect.stringContaining("expected one function name per call"));
  });

  it("reports a category it cannot convert once, with how many questions it left out, and a repeated id", () => {
    const text = ['{"id": "multi_turn_base_0", "question": [[{"role": "user", "content": "a"}], [{"role": "user", "content": "b"}]], "function": []}', '{"id": "multi_turn_base_1", "question": [[{"role": "user", "content": "a"}]], "function": []}', '{"id": "live_relevance_0-0-0", "question": [[{"role": "user", "content": "a"}]], "function": []}', '{"id": "live_relevance_0-0-0", "question": [[{"role": "user", "content": "a"}]], "function": []}'].join("\n");
    expect(problems({ questions: { name: "q.jsonl", text }, answers: undefined })).toEqual([
      "q.jsonl:1 id | id: category multi_turn_base is not converted: multi-turn categories are replayed on BFCL's backends and have no possible answers per turn to convert (2 questions left out)",
      "q.jsonl:3 id | id: category live_relevance is not converted: BFCL passes any call there, which a reference (expected calls) cannot say (1 question left out)",
      'q.jsonl:4 id | id: "live_relevance_0-0-0" repeats line 3; the first is used',
    ]);
    expect(problems({ questions: { name: "q.jsonl", text: '{"id": "exec_simple_3", "question": [[]], "function": []}' }, answers: undefined })[0]).toMatch(/category exec_simple is not converted: not a BFCL category with possible answers/);
  });

  it("asks for the possible answers when they are missing, and reports a Java call written as text", () => {
    expect(problems({ answers: undefined }).slice(0, 1)).toEqual(["questions.jsonl:1 id | id: simple_python_0 needs its possible answer: give the possible-answer file (--answers)"]);
    expect(problems({ results: results([{ id: "simple_java_0", result: "[GeometryPresentation.createPresentation(controller=mapController, parent=mapArea)]" }]) })).toContain(
      "results.jsonl:1 result | result: a Java or JavaScript call written as text (a prompting model's answer) is not read here: BFCL parses it with tree-sitter. Give a function-calling model's results",
    );
    expect(problems({ results: results([{ id: "simple_python_0" }]) })).toContain("results.jsonl:1 result | result: is missing: the model's answer");
  });
});
