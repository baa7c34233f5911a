import { describe, expect, it } from "vitest";
import { parseReviewStatus, settles, statusAfterVerdict, statusChange } from "./status";

describe("statusChange", () => {
  it("marks done only with a verdict that settles the item", () => {
    expect(statusChange("in-review", "done", "agree")).toEqual({ ok: true, changed: true });
    expect(statusChange("in-review", "done", "disagree")).toEqual({ ok: true, changed: true });
    expect(statusChange("in-review", "done", "discuss")).toEqual({ ok: false, message: expect.stringMatching(/marked for discussion/) });
    expect(statusChange("open", "done", null)).toEqual({ ok: false, message: expect.stringMatching(/Record a verdict/) });
  });

  it("goes back to open only without a verdict", () => {
    expect(statusChange("in-review", "open", null)).toEqual({ ok: true, changed: true });
    expect(statusChange("in-review", "open", "discuss")).toEqual({ ok: false, message: expect.stringMatching(/already has a verdict/) });
    expect(statusChange("done", "open", "agree").ok).toBe(false);
  });

  it("reopens a done item as in review, and starts an open one", () => {
    expect(statusChange("done", "in-review", "agree")).toEqual({ ok: true, changed: true });
    expect(statusChange("open", "in-review", null)).toEqual({ ok: true, changed: true });
  });

  it("changes nothing when asked for the current status", () => {
    expect(statusChange("done", "done", "agree")).toEqual({ ok: true, changed: false });
    expect(statusChange("open", "open", null)).toEqual({ ok: true, changed: false });
  });
});

describe("statusAfterVerdict", () => {
  it("moves an open item to in review", () => {
    expect(statusAfterVerdict("open", "agree")).toBe("in-review");
    expect(statusAfterVerdict("open", "discuss")).toBe("in-review");
  });

  it("keeps a done item done unless the verdict becomes discuss", () => {
    expect(statusAfterVerdict("done", "disagree")).toBe("done");
    expect(statusAfterVerdict("done", "discuss")).toBe("in-review");
    expect(statusAfterVerdict("in-review", "agree")).toBe("in-review");
  });

  it("knows which verdicts settle an item, and reads unknown statuses as open", () => {
    expect([settles("agree"), settles("disagree"), settles("discuss"), settles(null)]).toEqual([true, true, false, false]);
    expect(parseReviewStatus("archived")).toBe("open");
    expect(parseReviewStatus("done")).toBe("done");
  });
});
