import { describe, expect, it } from "vitest";
import { pickApplicableCalls, pickPreviewCalls } from "./preview-sample";

const call = (transcriptId: string, toolName: string) => ({ transcriptId, toolName, id: `${transcriptId}/${toolName}` });

describe("pickPreviewCalls", () => {
  it("prefers a new tool in a new transcript, then a new tool, then a new transcript", () => {
    const candidates = [call("t1", "search"), call("t1", "book"), call("t2", "search"), call("t2", "cancel"), call("t3", "search"), call("t3", "pay")];
    expect(pickPreviewCalls(candidates, 3).map((c) => c.id)).toEqual(["t1/search", "t2/cancel", "t3/pay"]);
    // A fourth call: the one new tool left (book), in a transcript already shown.
    expect(pickPreviewCalls(candidates, 4).map((c) => c.id)).toEqual(["t1/search", "t1/book", "t2/cancel", "t3/pay"]);
  });

  it("fills up with repeats when there are fewer tools and transcripts than calls wanted", () => {
    const candidates = [call("t1", "search"), call("t1", "search"), call("t1", "search")];
    expect(pickPreviewCalls(candidates, 2)).toEqual([candidates[0], candidates[1]]);
    expect(pickPreviewCalls(candidates, 5)).toHaveLength(3);
  });

  it("gives nothing for nothing, and the same answer every time", () => {
    expect(pickPreviewCalls([], 5)).toEqual([]);
    const candidates = [call("t2", "a"), call("t1", "b"), call("t1", "a")];
    expect(pickPreviewCalls(candidates, 2)).toEqual(pickPreviewCalls(candidates, 2));
  });
});

describe("pickApplicableCalls", () => {
  const candidates = [call("t1", "search"), call("t2", "list"), call("t3", "search"), call("t4", "cancel"), call("t5", "cancel"), call("t6", "refund"), call("t7", "list")];
  const cancelsOrRefunds = (candidate: { toolName: string }) => candidate.toolName === "cancel" || candidate.toolName === "refund";

  it("shows calls the criteria apply to before any other, however late they come", () => {
    const { calls, applicable } = pickApplicableCalls(candidates, cancelsOrRefunds, 3);
    expect(calls.map((c) => c.id)).toEqual(["t4/cancel", "t5/cancel", "t6/refund"]);
    expect(applicable).toBe(3);
  });

  it("fills up with other calls, after the applicable ones, only when too few apply", () => {
    const { calls, applicable } = pickApplicableCalls(candidates, cancelsOrRefunds, 5);
    expect(calls.map((c) => c.id)).toEqual(["t4/cancel", "t5/cancel", "t6/refund", "t1/search", "t2/list"]);
    expect(applicable).toBe(3);
    expect(pickApplicableCalls(candidates, () => false, 2)).toEqual({ calls: pickPreviewCalls(candidates, 2), applicable: 0 });
  });
});
