import { describe, expect, it } from "vitest";
import { matchReference } from "./match";
import { readReference } from "./read-reference";
import { callsIn, referenceFrom } from "./test-fixtures";

const ref = (steps: string, match = "{}") => referenceFrom(`{"steps": ${steps}, "match": ${match}}`);
const run = (reference: ReturnType<typeof ref>, turns: [string, string][][]) => matchReference(callsIn(turns), [], reference);

describe("matchReference", () => {
  const booking = ref(
    '[{"calls": [{"name": "get_user", "args": {"id": "u1"}, "optional": true}]}, {"calls": [{"name": "book", "args": {"id": "u1", "flights": [{"no": "A1", "price": 10}]}, "ignore": ["flights.price"]}]}]',
    '{"free_tools": ["think"]}',
  );

  it("passes calls that perform the reference in order; a free tool is not applicable", () => {
    const result = run(booking, [[["think", "{}"]], [["get_user", '{"id": "u1"}']], [["book", '{"id": "u1", "flights": [{"no": "A1", "price": 99}]}']]]);
    expect(result.calls.get(1)).toMatchObject({ status: "not-applicable" });
    expect(result.calls.get(2)).toMatchObject({ status: "pass", step: 0 });
    expect(result.calls.get(3)).toMatchObject({ status: "pass", step: 1 });
    expect(result.transcript).toMatchObject({ passed: true, performedBy: [[2], [3]] });
  });

  it("gives each failure its reason with the JSON path, expected and actual", () => {
    const result = run(booking, [[["book", '{"id": "u1", "flights": [{"no": "B7", "price": 10}]}']]]);
    expect(result.calls.get(1)).toMatchObject({ status: "fail", reason: { code: "wrong_value", path: "flights[0].no", expected: "'A1'", actual: "'B7'" } });
    expect(result.transcript.reasons.map((reason) => reason.code)).toEqual(["wrong_value", "missing_call"]);
    expect(run(booking, [[["book", '{"id": "u1", "flights": [{"no": "A1"}], "seat": "1A"}']]]).calls.get(1)).toMatchObject({ reason: { code: "unexpected_param", path: "seat" } });
    expect(run(booking, [[["book", '{"flights": [{"no": "A1"}]}']]]).calls.get(1)).toMatchObject({ reason: { code: "missing_required", path: "id" } });
    expect(run(booking, [[["book", '{"id": 1, "flights": [{"no": "A1"}]}']]]).calls.get(1)).toMatchObject({ reason: { code: "wrong_type", path: "id" } });
    expect(run(booking, [[["cancel", "{}"]]]).calls.get(1)).toMatchObject({ reason: { code: "wrong_function", expected: "book", actual: "cancel" } });
    expect(run(booking, [[["book", "{oops"]]]).calls.get(1)).toMatchObject({ reason: { code: "decoder_failed" } });
  });

  it("lets a call answered with an error match without performing its reference call", () => {
    const result = run(booking, [[["book!", '{"id": "u1", "flights": [{"no": "A1"}]}']], [["book", '{"id": "u1", "flights": [{"no": "A1"}]}']]]);
    expect(result.calls.get(1)).toMatchObject({ status: "pass" });
    expect(result.calls.get(2)).toMatchObject({ status: "pass" });
    expect(result.transcript.performedBy[1]).toEqual([2]);
    const twice = run(booking, [[["book", '{"id": "u1", "flights": [{"no": "A1"}]}']], [["book", '{"id": "u1", "flights": [{"no": "A1"}]}']]]);
    expect(twice.calls.get(2)).toMatchObject({ status: "fail", reason: { code: "wrong_count" } });
  });

  it("applies agentevals' trajectory modes", () => {
    const two = '[{"calls": [{"name": "a", "args": {}}]}, {"calls": [{"name": "b", "args": {}}]}]';
    const reversed: [string, string][][] = [[["b", "{}"]], [["a", "{}"]]];
    expect(run(ref(two), reversed).transcript.passed).toBe(false);
    expect(run(ref(two, '{"trajectory": "unordered"}'), reversed).transcript.passed).toBe(true);
    expect(run(ref(two, '{"trajectory": "subset"}'), [[["a", "{}"]]]).transcript.passed).toBe(true);
    expect(run(ref(two, '{"trajectory": "unordered"}'), [[["a", "{}"]]]).transcript.reasons).toMatchObject([{ code: "missing_call", path: "steps[1].calls[0]" }]);
    const extra = run(ref(two, '{"trajectory": "superset"}'), [[["a", "{}"]], [["c", "{}"]], [["b", "{}"]]]);
    expect(extra.calls.get(2)).toMatchObject({ status: "not-applicable" });
    expect(extra.transcript.passed).toBe(true);
  });

  it("applies argument modes, compare paths, BFCL strings and typed or value numbers", () => {
    const call = (args: string, match: string, extra = "") => ref(`[{"calls": [{"name": "f", "args": ${args}${extra}}]}]`, match);
    expect(run(call('{"a": 1, "b": 2}', '{"args": "subset"}'), [[["f", '{"a": 1}']]]).transcript.passed).toBe(true);
    expect(run(call('{"a": 1}', '{"args": "superset"}'), [[["f", '{"a": 1, "b": 2}']]]).transcript.passed).toBe(true);
    expect(run(call('{"a": 1}', '{"args": "ignore"}'), [[["f", '{"z": 0}']]]).transcript.passed).toBe(true);
    expect(run(call('{"a": 1, "b": 2}', "{}", ', "compare": ["a"]'), [[["f", '{"a": 1, "b": 3}']]]).transcript.passed).toBe(true);
    expect(run(call('{"a": 1, "b": 2}', '{"overrides": {"f": {"compare": ["b"]}}}'), [[["f", '{"a": 9, "b": 2}']]]).transcript.passed).toBe(true);
    expect(run(call('{"city": "New York"}', '{"strings": "bfcl"}'), [[["f", '{"city": "new-york"}']]]).transcript.passed).toBe(true);
    expect(run(call('{"city": "New York"}', "{}"), [[["f", '{"city": "new-york"}']]]).transcript.passed).toBe(false);
    expect(run(call('{"gb": 2.0}', "{}"), [[["f", '{"gb": 2}']]]).calls.get(1)).toMatchObject({ reason: { code: "wrong_type" } });
    expect(run(call('{"gb": 2.0}', '{"numbers": "value"}'), [[["f", '{"gb": 2}']]]).transcript.passed).toBe(true);
    // Lists compare in order, as Python's == does.
    expect(run(call('{"ids": [1, 2]}', '{"numbers": "value"}'), [[["f", '{"ids": [2, 1]}']]]).transcript.passed).toBe(false);
  });

  it("accepts BFCL's possible answers: every listed value passes and \"\" marks an argument that may be left out", () => {
    const allowed = ref('[{"calls": [{"name": "f", "allowed": {"unit": ["C", "celsius"], "days": [3, ""]}}]}]');
    expect(run(allowed, [[["f", '{"unit": "celsius"}']]]).transcript.passed).toBe(true);
    expect(run(allowed, [[["f", '{"unit": "K", "days": 3}']]]).calls.get(1)).toMatchObject({ reason: { code: "wrong_value", path: "unit" } });
    expect(run(allowed, [[["f", '{"days": 3}']]]).calls.get(1)).toMatchObject({ reason: { code: "missing_required", path: "unit" } });
  });
});

describe("readReference", () => {
  it("rejects a bad reference with the path of each problem", () => {
    const issues = (value: unknown) => {
      const read = readReference(value, undefined);
      return read.ok ? [] : read.issues.map((issue) => issue.message);
    };
    expect(issues({ steps: [{ calls: [] }] })).toEqual(["reference.steps[0].calls: expected at least one item, got an empty array"]);
    expect(issues({ steps: [], match: { trajectory: "loose" } })[0]).toMatch(/^reference\.match\.trajectory/);
    expect(issues({ steps: [], match: { fuzzy: true } })[0]).toMatch(/fuzzy/);
    expect(issues({ steps: [{ calls: [{ name: "f", allowed: { x: "a" } }] }] })[0]).toBe("reference.steps[0].calls[0].allowed.x: expected a list of the values that pass (BFCL's possible answer), got a string (\"a\")");
    expect(issues({ steps: [{ calls: [{ name: "f", args: {}, allowed: {} }] }] })[0]).toMatch(/either args .* or allowed/);
  });
});
