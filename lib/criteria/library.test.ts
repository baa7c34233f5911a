import { describe, expect, it } from "vitest";
import { CRITERIA_LIBRARY, libraryCriterion, parsedLibraryCriterion } from "./library";
import { parseCriterion } from "./parse";

describe("criteria library", () => {
  it("has unique ids and titles", () => {
    const ids = CRITERIA_LIBRARY.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(CRITERIA_LIBRARY.map((entry) => entry.title)).size).toBe(ids.length);
  });

  it("holds only criteria that parse", () => {
    for (const entry of CRITERIA_LIBRARY) expect(parseCriterion(entry.text).ok, entry.id).toBe(true);
  });

  it("covers every prefix and both views", () => {
    const kinds = new Set(CRITERIA_LIBRARY.map((entry) => parsedLibraryCriterion(entry).kind));
    expect([...kinds].sort()).toEqual(["fails-if", "passes-if", "penalize", "reward"]);
    expect(new Set(CRITERIA_LIBRARY.map((entry) => entry.view))).toEqual(new Set(["immediate", "hindsight"]));
  });

  it("finds entries by id", () => {
    expect(libraryCriterion("no-sensitive-data")?.title).toBe("No sensitive data in arguments");
    expect(libraryCriterion("missing")).toBeUndefined();
  });
});
