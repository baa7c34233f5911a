import { describe, expect, it } from "vitest";
import { listFilterParams, withQuery } from "./list-filter";

describe("listFilterParams", () => {
  it("keeps only the filters that are set, so links stay short", () => {
    expect(listFilterParams({}).toString()).toBe("");
    expect(listFilterParams({ status: "open", assignee: "me", reason: "flipped" }).toString()).toBe("status=open&assignee=me&reason=flipped");
  });

  it("escapes a member id as a query value", () => {
    expect(listFilterParams({ assignee: "a&b" }).toString()).toBe("assignee=a%26b");
  });
});

describe("withQuery", () => {
  it("adds a question mark only when there is a query", () => {
    expect(withQuery("/review/q1", new URLSearchParams())).toBe("/review/q1");
    expect(withQuery("/review/q1", new URLSearchParams({ status: "done" }))).toBe("/review/q1?status=done");
  });
});
