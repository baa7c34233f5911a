import { describe, expect, it } from "vitest";
import type { PyObject } from "./fork-eval";
import { parsePyJson, pyEqual, PyFloat, type PyValue } from "./pyjson";
import { compareWithToolCall, formatEqual, referenceCallMatches, referenceFromActions, ruleVerdicts, writtenReferenceSchema, type Reference } from "./reference";

const action = (name: string, args: PyObject, extra: PyObject = {}): PyObject => ({ action_id: `${name}_0`, requestor: "assistant", name, arguments: args, info: null, compare_args: null, ...extra });
const py = (text: string): PyValue => parsePyJson(text);

describe("compareWithToolCall (tau2's Action.compare_with_tool_call)", () => {
  const book = action("book", { user_id: "u1", insurance: "no", flights: [{ n: "A", d: "1" }] });

  it("needs the same name", () => {
    expect(compareWithToolCall(book, "cancel", { user_id: "u1" })).toBe(false);
  });

  it("with compare_args null compares the call's keys: a subset of the action's passes, an extra key fails", () => {
    expect(compareWithToolCall(book, "book", { user_id: "u1" })).toBe(true);
    expect(compareWithToolCall(book, "book", { user_id: "u1", insurance: "no", flights: [{ n: "A", d: "1" }] })).toBe(true);
    expect(compareWithToolCall(book, "book", { user_id: "u1", extra: 1 })).toBe(false);
    expect(compareWithToolCall(book, "book", { user_id: "u2" })).toBe(false);
    // No arguments: nothing to compare, any action of the name matches.
    expect(compareWithToolCall(book, "book", {})).toBe(true);
  });

  it("compares nested values whole: an extra key inside a list item fails, list order matters", () => {
    expect(compareWithToolCall(book, "book", { flights: [{ n: "A", d: "1", price: 5 }] })).toBe(false);
    const two = action("book", { flights: [{ n: "A" }, { n: "B" }] });
    expect(compareWithToolCall(two, "book", { flights: [{ n: "B" }, { n: "A" }] })).toBe(false);
    expect(compareWithToolCall(two, "book", py('{"flights": [{"n": "A"}, {"n": "B"}]}'))).toBe(true);
  });

  it("with compare_args set cuts both sides to those keys: present on one side only fails, absent on both passes", () => {
    const send = action("send", { user_id: "u1", amount: 100, note: "x" }, { compare_args: ["user_id", "amount"] });
    expect(compareWithToolCall(send, "send", { user_id: "u1", amount: 100, note: "other", more: true })).toBe(true);
    expect(compareWithToolCall(send, "send", { user_id: "u1" })).toBe(false);
    const absent = action("send", { user_id: "u1" }, { compare_args: ["user_id", "amount"] });
    expect(compareWithToolCall(absent, "send", { user_id: "u1" })).toBe(true);
    expect(compareWithToolCall(absent, "send", { user_id: "u1", amount: 1 })).toBe(false);
    expect(compareWithToolCall(action("transfer", { summary: "s" }, { compare_args: [] }), "transfer", { summary: "anything", x: 1 })).toBe(true);
  });

  it("uses Python's ==: 1 == 1.0 and True == 1, but not '1' == 1", () => {
    const refuel = action("refuel", py('{"gb": 2.0, "auto": 1}') as PyObject);
    expect(compareWithToolCall(refuel, "refuel", py('{"gb": 2, "auto": true}'))).toBe(true);
    expect(compareWithToolCall(refuel, "refuel", { gb: "2" })).toBe(false);
    expect(compareWithToolCall(refuel, "refuel", py('{"gb": 2, "auto": true}'), formatEqual("value"))).toBe(false);
  });
});

describe("formatEqual", () => {
  it("keeps booleans apart from numbers; 'value' compares ints and floats by value, 'typed' does not", () => {
    const value = formatEqual("value");
    const typed = formatEqual("typed");
    expect(value(2, new PyFloat(2))).toBe(true);
    expect(typed(2, new PyFloat(2))).toBe(false);
    expect(typed(new PyFloat(2.5), new PyFloat(2.5))).toBe(true);
    expect(value(true, 1)).toBe(false);
    expect(value(null, 0)).toBe(false);
    expect(value(py('{"a": [1, {"b": 2.0}]}'), py('{"a": [1.0, {"b": 2}]}'))).toBe(true);
    expect(value(py('{"a": 1}'), py('{"a": 1, "b": null}'))).toBe(false);
  });
});

describe("referenceFromActions on bench/tau2's values (lib/references/convert/tau2.test.ts tests the mapping)", () => {
  it("reads arguments that are not an object as none, and writes what the builder's schema accepts", () => {
    const { reference } = referenceFromActions([action("get_user", { user_id: "u1" }), { ...action("cancel", {}), arguments: null }], ["get_user"]);
    expect(reference.steps.map((step) => step.calls[0].args)).toEqual([{ user_id: "u1" }, {}]);
    expect(writtenReferenceSchema.safeParse(JSON.parse(JSON.stringify(reference))).success).toBe(true);
  });
});

describe("referenceCallMatches", () => {
  it("on the encoded reference, matches exactly when compare_with_tool_call does (Python's ==)", () => {
    const actions = [
      action("f", { a: 1, b: [1, 2], c: { d: "x" } }),
      action("f", { a: 1, b: 2 }, { compare_args: ["a", "z"] }),
      action("f", { a: 1 }, { compare_args: [] }),
    ];
    const calls: PyValue[] = [{}, { a: 1 }, { a: 1, b: [1, 2] }, { a: 1, b: [2, 1] }, { a: 1, z: 3 }, { z: 3 }, { a: 1, c: { d: "x" } }, { a: 1, c: { d: "x", e: 1 } }, { a: true }, { a: new PyFloat(1) }, { b: 2 }, { q: null }];
    const { reference } = referenceFromActions(actions, []);
    const referenceCalls = reference.steps.flatMap((step) => step.calls);
    for (const args of calls) {
      for (const name of ["f", "g"]) {
        actions.forEach((gold, index) => expect([index, name, args, referenceCallMatches(referenceCalls[index], name, args, pyEqual)]).toEqual([index, name, args, compareWithToolCall(gold, name, args)]));
      }
    }
  });
});

describe("ruleVerdicts (issue 34's per-call rule)", () => {
  const reference: Reference = {
    steps: [{ calls: [{ name: "get", args: { id: "1" }, optional: true }] }, { calls: [{ name: "cancel", args: { id: "1" } }] }, { calls: [{ name: "cancel", args: { id: "2" } }] }],
    match: { preset: null, trajectory: "unordered", args: "subset", strings: "exact", numbers: "value", free_tools: ["get"] },
  };
  const equal = formatEqual("value");

  it("does not judge free tools; each reference call is performed once, in transcript order", () => {
    const verdicts = ruleVerdicts(
      [
        { name: "get", args: { id: "1" }, error: false },
        { name: "cancel", args: { id: "2" }, error: false },
        { name: "cancel", args: { id: "1" }, error: false },
        { name: "cancel", args: { id: "1" }, error: false },
        { name: "cancel", args: { id: "3" }, error: false },
      ],
      reference,
      equal,
    );
    expect(verdicts.map((verdict) => verdict.verdict)).toEqual(["free", "pass", "pass", "fail", "fail"]);
    expect(verdicts.map((verdict) => verdict.matched)).toEqual([null, 2, 1, null, null]);
    expect(verdicts[3].repeatOf).toBe(1);
    expect(verdicts[4].repeatOf).toBeNull();
  });

  it("an error response matches without performing, so a later identical call still passes", () => {
    const verdicts = ruleVerdicts(
      [
        { name: "cancel", args: { id: "1" }, error: true },
        { name: "cancel", args: { id: "1" }, error: false },
        { name: "cancel", args: { id: "1" }, error: null },
      ],
      reference,
      equal,
    );
    expect(verdicts.map((verdict) => [verdict.verdict, verdict.performs])).toEqual([
      ["pass", false],
      ["pass", true],
      ["fail", false],
    ]);
  });

  it("takes the first open reference call when several match (a call without arguments matches all of its name)", () => {
    const verdicts = ruleVerdicts([{ name: "cancel", args: {}, error: false }, { name: "cancel", args: { id: "1" }, error: false }], reference, equal);
    expect(verdicts.map((verdict) => [verdict.verdict, verdict.matched, verdict.candidates])).toEqual([
      ["pass", 1, 2],
      ["fail", null, 0],
    ]);
  });
});
