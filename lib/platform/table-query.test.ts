import { describe, expect, it } from "vitest";
import { firstValues, pageCount, tableQuerySchema } from "./table-query";

const schema = tableQuerySchema(["name", "createdAt"], { sort: "createdAt", dir: "desc" });

describe("tableQuerySchema", () => {
  it("reads sort, direction, page and size", () => {
    expect(schema.parse({ sort: "name", dir: "asc", page: "3", size: "50" })).toEqual({ sort: "name", dir: "asc", page: 3, size: 50 });
  });
  it("falls back to defaults for missing or bad values instead of failing the page", () => {
    expect(schema.parse({})).toEqual({ sort: "createdAt", dir: "desc", page: 1, size: 25 });
    expect(schema.parse({ sort: "password", dir: "up", page: "-2", size: "7" })).toEqual({ sort: "createdAt", dir: "desc", page: 1, size: 25 });
  });
});

describe("helpers", () => {
  it("takes the first of repeated parameters", () => {
    expect(firstValues({ a: ["1", "2"], b: "x", c: undefined })).toEqual({ a: "1", b: "x", c: undefined });
  });
  it("counts at least one page", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });
});
