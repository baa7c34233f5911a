import { describe, expect, it } from "vitest";
import { readReferencesFile } from "./references-file";

const REFERENCE = '{"steps": [{"calls": [{"name": "refuel_data", "args": {"gb_amount": 2.0}}]}], "match": {"numbers": "value"}}';

describe("readReferencesFile", () => {
  it("reads one reference per line, by task, name or transcript id, keeping numbers as written", () => {
    const text = [`{"task_id": "t1", "reference": ${REFERENCE}}`, "", `{"task_id": 7, "reference": ${REFERENCE}}`, `{"name": "Weather in Paris?", "reference": ${REFERENCE}}`, `{"transcript_id": "abc", "reference": ${REFERENCE}}`].join("\n");
    const { entries, errors } = readReferencesFile(text, "refs.jsonl");
    expect(errors).toEqual([]);
    expect(entries.map((entry) => [entry.line, entry.target])).toEqual([
      [1, { kind: "task_id", value: "t1" }],
      [3, { kind: "task_id", value: "7" }],
      [4, { kind: "name", value: "Weather in Paris?" }],
      [5, { kind: "transcript_id", value: "abc" }],
    ]);
    expect(entries[0].text).toContain('"gb_amount":2.0');
  });

  it("rejects each bad line with its line, JSON path and a sentence, and keeps the good ones", () => {
    const text = [
      "{not json",
      `{"reference": ${REFERENCE}}`,
      `{"task_id": "t1", "name": "x", "reference": ${REFERENCE}}`,
      '{"task_id": "t1", "reference": {"steps": [{"calls": [{"name": "f", "allowed": {"x": "a"}}]}]}}',
      '{"task_id": "t1", "reference": {"steps": [], "match": {"trajectory": "loose"}}}',
      '{"task_id": "t1"}',
      '{"task_id": "t1", "expected": [], "reference": {"steps": []}}',
      `{"task_id": "t2", "reference": ${REFERENCE}}`,
    ].join("\n");
    const { entries, errors } = readReferencesFile(text, "refs.jsonl");
    expect(entries.map((entry) => entry.line)).toEqual([8]);
    expect(errors.map(({ line, path }) => [line, path])).toEqual([
      [1, ""],
      [2, ""],
      [3, ""],
      [4, "reference.steps[0].calls[0].allowed.x"],
      [5, "reference.match.trajectory"],
      [6, "reference"],
      [7, ""],
    ]);
    expect(errors[0].message).toMatch(/^invalid JSON at column 2/);
    expect(errors[1].message).toContain('exactly one of "task_id", "name" or "transcript_id"');
    expect(errors[6].message).toContain('Unexpected key "expected"');
  });
});
