import { describe, expect, it } from "vitest";
import { normalizeSchema, requiredNames } from "./normalize";
import { pointerToPath, validatorFor } from "./validator";

describe("normalizeSchema", () => {
  it("maps Python and Java type names to JSON Schema", () => {
    expect(normalizeSchema({ type: "dict", properties: { a: { type: "float" }, b: { type: "tuple", items: { type: "Integer" } }, c: { type: "any" }, d: { type: "HashMap" }, e: { type: "bool" } } })).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "array", items: { type: "integer" } }, c: {}, d: { type: "object" }, e: { type: "boolean" } },
    });
  });

  it("drops annotations, unknown formats and invalid keywords", () => {
    expect(normalizeSchema({ type: "string", description: "x", format: "tel", pattern: "(", minLength: "3", enum: [] })).toEqual({ type: "string" });
    expect(normalizeSchema({ type: "string", format: "date" })).toEqual({ type: "string", format: "date" });
  });

  it("lifts per-property required and optional flags and drops undeclared required names", () => {
    const properties = { a: { type: "string", required: true }, b: { type: "string", optional: true }, c: { type: "string" } };
    expect(requiredNames(properties, ["b", "c", "ghost"])).toEqual(["c", "a"]);
    expect(normalizeSchema({ type: "object", properties, required: ["b", "ghost"] }).required).toEqual(["a"]);
  });
});

describe("validatorFor", () => {
  it("converts JSON pointers to argument paths", () => {
    expect(pointerToPath("/items/0/id")).toBe("items[0].id");
    expect(pointerToPath("")).toBe("");
  });

  it("accepts an integer for a number and reports paths", () => {
    const validate = validatorFor({ type: "object", properties: { x: { type: "float" }, list: { type: "array", items: { type: "integer" } } }, required: ["x"] });
    expect(validate({ x: 3 })).toEqual([]);
    expect(validate({ list: [1, "2"] }).map((error) => [error.path, error.keyword])).toEqual([
      ["x", "required"],
      ["list[1]", "type"],
    ]);
    expect(validate([1])[0]).toMatchObject({ path: "", keyword: "type" });
  });

  it("builds one validator per parameters object and shares compiled property schemas", () => {
    const parameters = { type: "object", properties: { n: { type: "integer", description: "one" } } };
    expect(validatorFor(parameters)).toBe(validatorFor(parameters));
    const other = validatorFor({ type: "object", properties: { m: { type: "integer", description: "another wording" } } });
    expect(other({ m: "x" })[0]).toMatchObject({ path: "m", keyword: "type" });
  });

  it("reports a schema that cannot be compiled instead of throwing", () => {
    const validate = validatorFor({ type: "object", properties: { a: { type: "string" } }, allOf: [{ $ref: "#/definitions/missing" }] });
    expect(validate({ a: "x" })[0]).toMatchObject({ keyword: "$schema", message: expect.stringContaining("could not be compiled") });
  });
});

describe("validatorFor across many distinct schemas", () => {
  // A schema Ajv compiles (a pattern), distinct per index.
  const schemaOf = (index: number) => ({ type: "object", properties: { code: { type: "string", pattern: `^c${index}$` } }, required: ["code"], minProperties: 1 });

  it("keeps validators working after Ajv is replaced to bound memory", () => {
    const first = validatorFor(schemaOf(0));
    for (let index = 1; index < 1200; index++) expect(validatorFor(schemaOf(index))({ code: `c${index}` })).toEqual([]);
    expect(first({ code: "c0" })).toEqual([]);
    expect(first({ code: "c1" }).map((error) => error.keyword)).toEqual(["pattern"]);
    expect(first({}).map((error) => `${error.keyword} ${error.path}`).sort()).toEqual(["minProperties ", "required code"]);
  });
});
