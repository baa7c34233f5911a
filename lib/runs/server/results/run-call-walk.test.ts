import { describe, expect, it } from "vitest";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { WALK_LIMIT, walkPays } from "./run-call-walk";

const view = (input: Record<string, string>) => runViewSchema.parse(input);
const counts = (matching: number, storedCalls = 140_000) => ({ matching, storedCalls });

describe("whether a page walks the calls in order", () => {
  it("walks for a result filter that keeps enough of the calls, on the first pages", () => {
    const fail = view({ verdict: "fail", criterion: "c4" });
    // A tenth of the calls: page 1 reads about 250 of them.
    expect(walkPays(fail, 0, 25, counts(14_335))).toBe(true);
    // Deep in the list, the walk would read more than the set costs.
    expect(walkPays(fail, 10_000, 25, counts(14_335))).toBe(false);
    // A filter that keeps few calls: walking would read the whole run.
    expect(walkPays(fail, 0, 25, counts(120))).toBe(false);
    expect(walkPays(fail, 0, 25, counts(0))).toBe(false);
  });

  it("counts the calls of other runs that the walk goes through", () => {
    const fail = view({ verdict: "fail" });
    const dense = counts(14_000, 140_000);
    expect(walkPays(fail, 0, 25, dense)).toBe(true);
    expect(walkPays(fail, 0, 25, { ...dense, storedCalls: (WALK_LIMIT * 14_000) / 25 + 1 })).toBe(false);
  });

  it("never walks without a result filter, or in an order the indexes do not walk", () => {
    expect(walkPays(view({}), 0, 25, counts(140_000))).toBe(false);
    expect(walkPays(view({ changed: "1" }), 0, 25, counts(3_000))).toBe(false);
    expect(walkPays(view({ verdict: "fail", sort: "tool" }), 0, 25, counts(14_000))).toBe(false);
  });
});
