import { describe, expect, it } from "vitest";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { bucketFailuresHref, bucketLabel } from "./bucket-link";
import type { Dimension } from "./rollup";

const T = Date.UTC(2026, 10, 29, 13);

describe("a trend bucket's link to its failing calls", () => {
  it("names the criterion, the fail verdict and the hour the calls arrived in", () => {
    const href = bucketFailuresHref({ runId: "r1", criterionId: "c1", t: T, granularity: "hour", split: "", value: "" });
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/runs/r1");
    expect(Object.fromEntries(url.searchParams)).toEqual({ criterion: "c1", verdict: "fail", from: "2026-11-29T13:00:00.000Z", to: "2026-11-29T14:00:00.000Z" });
  });

  it("covers a whole day for a daily bucket", () => {
    const url = new URL(bucketFailuresHref({ runId: "r1", criterionId: "c1", t: Date.UTC(2026, 10, 29), granularity: "day", split: "", value: "" }), "http://x");
    expect(url.searchParams.get("from")).toBe("2026-11-29T00:00:00.000Z");
    expect(url.searchParams.get("to")).toBe("2026-11-30T00:00:00.000Z");
  });

  it("narrows to the series' model, service, tag or prompt version, as the run page's filters of the same names", () => {
    const base = { runId: "r1", criterionId: "c1", t: T, granularity: "hour" as const };
    const params = (split: Dimension, value: string) => runViewSchema.parse(Object.fromEntries(new URL(bucketFailuresHref({ ...base, split, value }), "http://x").searchParams));
    expect(params("model", "gpt-4.1 mini")).toMatchObject({ model: "gpt-4.1 mini", criterion: "c1", verdict: "fail" });
    expect(params("tag", "beta&co")).toMatchObject({ tag: "beta&co" });
    expect(params("service", "weather")).toMatchObject({ service: "weather" });
    expect(params("prompt", "v3")).toMatchObject({ prompt: "v3" });
    expect(params("", "")).not.toHaveProperty("model");
  });

  it("escapes a run id", () => {
    expect(bucketFailuresHref({ runId: "a/b", criterionId: "c", t: T, granularity: "hour", split: "", value: "" })).toMatch(/^\/runs\/a%2Fb\?/);
  });
});

describe("a bucket's label", () => {
  it("reads as a UTC date and hour, or a date for a day", () => {
    expect(bucketLabel(T, "hour")).toBe("2026-11-29 13:00");
    expect(bucketLabel(T, "day")).toBe("2026-11-29");
  });
});
