import { describe, expect, it } from "vitest";
import { runViewSchema } from "./run-view";

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
