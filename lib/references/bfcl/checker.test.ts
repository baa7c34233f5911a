import { describe, expect, it } from "vitest";
import { matchReference } from "../match";
import { callsIn, referenceFrom, tool } from "../test-fixtures";

// Each rule of BFCL's AST checker that the preset must reproduce (ast_checker.py at gorilla 6ea5797).
const stock = tool("get_stock_price", { company: { type: "string" }, date: { type: "string" }, exchange: { type: "string" } }, ["company"]);
const simple = (allowed: string) => referenceFrom(`{"steps": [{"calls": [{"name": "get_stock_price", "allowed": ${allowed}}]}], "match": {"preset": "bfcl"}}`);
const verdict = (reference: ReturnType<typeof referenceFrom>, args: string, tools = [stock], name = "get_stock_price") => matchReference(callsIn([[[name, args]]]), tools, reference).transcript;

describe("the bfcl preset", () => {
  const reference = simple('{"company": ["Apple"], "date": ["2022-01-01", "01/01/2022"], "exchange": ["NASDAQ", ""]}');

  it("normalises top-level strings: no spaces or , . / - _ * ^, any case", () => {
    expect(verdict(reference, '{"company": "AP-PLE", "date": "2022.01.01"}').passed).toBe(true);
    expect(verdict(reference, '{"company": "Apples", "date": "2022-01-01"}').bfclErrorType).toBe("value_error:string");
  });

  it("lets an argument listed with \"\" be left out or given as \"\", and fails one that is not listed", () => {
    expect(verdict(reference, '{"company": "Apple", "date": "2022-01-01", "exchange": ""}').passed).toBe(true);
    expect(verdict(reference, '{"company": "Apple"}').bfclErrorType).toBe("simple_function_checker:missing_optional");
    expect(verdict(reference, '{"company": "Apple", "date": "2022-01-01", "currency": "USD"}').bfclErrorType).toBe("simple_function_checker:unexpected_param");
    expect(verdict(reference, '{"date": "2022-01-01"}').bfclErrorType).toBe("simple_function_checker:missing_required");
  });

  it("names the expected call a failed call was nearest to, so that pages can show the two side by side", () => {
    const failed = matchReference(callsIn([[["get_stock_price", '{"company": "Pear", "date": "2022-01-01"}']]]), [stock], reference).calls.get(1);
    expect(failed).toMatchObject({ status: "fail", step: 0, call: 0, reason: { code: "wrong_value", path: "company" } });
  });

  it("compares a dotted function name with its dots made underscores", () => {
    const dotted = referenceFrom('{"steps": [{"calls": [{"name": "math.factorial", "allowed": {"n": [5]}}]}], "match": {"preset": "bfcl"}}');
    const factorial = tool("math_factorial", { n: { type: "integer" } }, ["n"]);
    expect(verdict(dotted, '{"n": 5}', [factorial], "math_factorial").passed).toBe(true);
    expect(verdict(dotted, '{"n": 5}', [factorial], "math.factorial").bfclErrorType).toBe("simple_function_checker:wrong_func_name");
  });

  it("takes an int for a float at the top level only, and never 5.0 or true for an integer", () => {
    const ints = tool("f", { x: { type: "number" }, xs: { type: "array", items: { type: "number" } }, n: { type: "integer" } }, []);
    const ref = referenceFrom('{"steps": [{"calls": [{"name": "f", "allowed": {"x": [2.0, ""], "xs": [[1.0, 2.0], ""], "n": [5, ""]}}]}], "match": {"preset": "bfcl"}}');
    expect(verdict(ref, '{"x": 2}', [ints], "f").passed).toBe(true);
    // Where "" is among the possible answers, the nested check passes on it: [1, 2] then equals [1.0, 2.0].
    expect(verdict(ref, '{"xs": [1, 2]}', [ints], "f").passed).toBe(true);
    const nested = referenceFrom('{"steps": [{"calls": [{"name": "f", "allowed": {"xs": [[1.0, 2.0]]}}]}], "match": {"preset": "bfcl"}}');
    expect(verdict(nested, '{"xs": [1, 2]}', [ints], "f").bfclErrorType).toBe("type_error:nested");
    expect(verdict(nested, '{"xs": [1.0, 2.0]}', [ints], "f").passed).toBe(true);
    expect(verdict(ref, '{"n": 5.0}', [ints], "f").bfclErrorType).toBe("type_error:simple");
    expect(verdict(ref, '{"n": true}', [ints], "f").bfclErrorType).toBe("type_error:simple");
  });

  it("takes a string for a non-string argument as a variable, which must then match exactly", () => {
    const ints = tool("f", { n: { type: "integer" } }, ["n"]);
    const ref = referenceFrom('{"steps": [{"calls": [{"name": "f", "allowed": {"n": ["count", 3]}}]}], "match": {"preset": "bfcl"}}');
    expect(verdict(ref, '{"n": "count"}', [ints], "f").passed).toBe(true);
    expect(verdict(ref, '{"n": "Count"}', [ints], "f").bfclErrorType).toBe("value_error:others");
  });

  it("normalises strings in lists and dict values but not lists inside dicts, and passes [] where \"\" is listed", () => {
    const t = tool("f", { tags: { type: "array", items: { type: "string" } }, opts: { type: "object" } }, []);
    const ref = referenceFrom('{"steps": [{"calls": [{"name": "f", "allowed": {"tags": [["New York"], ""], "opts": [{"city": ["New York"], "alt": [["A b"]]}, ""]}}]}], "match": {"preset": "bfcl"}}');
    expect(verdict(ref, '{"tags": ["new-york"]}', [t], "f").passed).toBe(true);
    expect(verdict(ref, '{"tags": []}', [t], "f").passed).toBe(true);
    expect(verdict(ref, '{"opts": {"city": "NEW YORK", "alt": ["A b"]}}', [t], "f").passed).toBe(true);
    expect(verdict(ref, '{"opts": {"city": "NEW YORK", "alt": ["a b"]}}', [t], "f").bfclErrorType).toBe("value_error:dict_value");
  });

  it("pairs parallel calls greedily, without backtracking: some correct sets fail, as in BFCL", () => {
    const t = tool("f", { x: { type: "string" } }, ["x"]);
    const ref = referenceFrom('{"steps": [{"order": "any", "calls": [{"name": "f", "allowed": {"x": ["a", "b"]}}, {"name": "f", "allowed": {"x": ["a"]}}]}], "match": {"preset": "bfcl"}}');
    const run = (first: string, second: string) => matchReference(callsIn([[["f", `{"x": "${first}"}`], ["f", `{"x": "${second}"}`]]]), [t], ref).transcript;
    expect(run("b", "a").passed).toBe(true);
    // The first expected call takes "a", leaving "b" for an expected call that allows only "a".
    expect(run("a", "b").bfclErrorType).toBe("parallel_function_checker_no_order:cannot_find_match");
    expect(matchReference(callsIn([[["f", '{"x": "a"}']]]), [t], ref).transcript.bfclErrorType).toBe("parallel_function_checker_no_order:wrong_count");
  });

  it("reads Java and JavaScript values by their source type: a long needs its L", () => {
    const java = referenceFrom('{"steps": [{"calls": [{"name": "f", "allowed": {"id": [42], "names": [["a", "b"]]}, "types": {"id": "long", "names": "ArrayList<String>"}}]}], "match": {"preset": "bfcl", "language": "java"}}');
    const t = tool("f", { id: { type: "string" }, names: { type: "string" } }, ["id"]);
    expect(verdict(java, '{"id": "42L", "names": "new ArrayList<>(Arrays.asList(\\"a\\", \\"b\\"))"}', [t], "f").passed).toBe(true);
    expect(verdict(java, '{"id": "42", "names": "new ArrayList<>(Arrays.asList(\\"a\\", \\"b\\"))"}', [t], "f").bfclErrorType).toBe("type_error:simple");
    expect(verdict(java, '{"id": 42}', [t], "f").bfclErrorType).toBe("type_error:java");
    const js = referenceFrom('{"steps": [{"calls": [{"name": "f", "allowed": {"n": [7], "flag": [true]}, "types": {"n": "integer", "flag": "Boolean"}}]}], "match": {"preset": "bfcl", "language": "javascript"}}');
    const jt = tool("f", { n: { type: "string" }, flag: { type: "string" } }, []);
    expect(verdict(js, '{"n": "7", "flag": "true"}', [jt], "f").passed).toBe(true);
    expect(verdict(js, '{"n": "7.0", "flag": "true"}', [jt], "f").bfclErrorType).toBe("type_error:simple");
  });

  it("fails a call whose arguments do not decode, and says so per call", () => {
    const result = matchReference(callsIn([[["get_stock_price", '{"company": ']]]), [stock], reference);
    expect(result.transcript.bfclErrorType).toBe("ast_decoder:decoder_failed");
    expect(result.calls.get(1)).toMatchObject({ status: "fail", reason: { code: "decoder_failed" } });
  });
});
