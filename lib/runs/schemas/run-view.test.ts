import { describe, expect, it } from "vitest";
import { runViewSchema, viewParams } from "./run-view";

describe("runViewSchema score bounds", () => {
  it("reads an empty bound as no bound, not as 0", () => {
    expect(runViewSchema.parse({ min: "", max: "0.5" })).toMatchObject({ min: undefined, max: 0.5 });
    expect(runViewSchema.parse({}).min).toBeUndefined();
  });

  it("drops a bound that is not a number in [0, 1] instead of failing the page", () => {
    expect(runViewSchema.parse({ min: "abc", max: "2" })).toMatchObject({ min: undefined, max: undefined });
    expect(runViewSchema.parse({ min: "-0.1" }).min).toBeUndefined();
  });

  it("tolerates spaces around a bound", () => {
    expect(runViewSchema.parse({ min: " 0.2 " }).min).toBe(0.2);
  });
});

describe("runViewSchema text filters", () => {
  it("drops a filter holding a NUL, which PostgreSQL refuses in a parameter, instead of failing the page", () => {
    const view = runViewSchema.parse({ q: "path\u0000", model: "gpt\u0000", tool: "search", criterion: "c\u00001", hide: "a\u0000" });
    expect(view.q).toBeUndefined();
    expect(view.model).toBeUndefined();
    expect(view.criterion).toBeUndefined();
    expect(view.hide).toBeUndefined();
    expect(view.tool).toBe("search");
  });
});

describe("runViewSchema grouping", () => {
  it("groups by a transcript field or by tool, and leaves links without a grouping", () => {
    expect(runViewSchema.parse({ group: "tool" }).group).toBe("tool");
    expect(runViewSchema.parse({ group: "model" }).group).toBe("model");
    expect(runViewSchema.parse({ group: "arguments" }).group).toBeUndefined();
    expect(viewParams(runViewSchema.parse({ group: "tool", tool: "search" })).toString()).toBe("tool=search");
  });
});
