import { describe, expect, it } from "vitest";
import { describeEvent, parseReviewEvent, type ReviewEventInput } from "./history";

const names = new Map([
  ["ana", "Ana"],
  ["ben", "Ben"],
]);
const by = (actorId: string, event: ReviewEventInput) => describeEvent({ actorId, ...event }, names);

describe("describeEvent", () => {
  it("says who queued the item, where and why", () => {
    expect(by("ana", { kind: "created", data: { queueId: "q", queueName: "Failures", reasons: ["failed", "low-score"] } })).toBe("Ana queued it in “Failures” (failed, low score)");
  });

  it("describes disagreements with the judge's result and the correction", () => {
    const judge = { score: 1, passed: true };
    expect(by("ana", { kind: "verdict", data: { from: null, to: { verdict: "disagree", passed: false }, judge, scale: "binary" } })).toBe("Ana disagreed: judge said pass, should be fail");
    expect(by("ana", { kind: "verdict", data: { from: null, to: { verdict: "disagree", score: 0.3 }, judge: { score: 0.8, passed: null }, scale: "continuous" } })).toBe(
      "Ana disagreed: judge scored 0.80, should be 0.30",
    );
  });

  it("describes agreement and discussion", () => {
    const judge = { score: 0, passed: false };
    expect(by("ben", { kind: "verdict", data: { from: null, to: { verdict: "agree" }, judge, scale: "binary" } })).toBe("Ben agreed with the judge: fail");
    expect(by("ben", { kind: "verdict", data: { from: { verdict: "agree" }, to: { verdict: "discuss" }, judge, scale: "binary" } })).toBe("Ben asked to discuss it");
  });

  it("names assignees, including oneself", () => {
    expect(by("ana", { kind: "assigned", data: { from: null, to: "ben" } })).toBe("Ana assigned it to Ben");
    expect(by("ana", { kind: "assigned", data: { from: "ben", to: "ana" } })).toBe("Ana reassigned it from Ben to themselves");
    expect(by("ana", { kind: "assigned", data: { from: "ben", to: null } })).toBe("Ana unassigned Ben");
  });

  it("describes locks", () => {
    expect(by("ana", { kind: "claimed", data: { until: "2026-11-22T12:10:00.000Z", takenFrom: null } })).toBe("Ana claimed it");
    expect(by("ana", { kind: "claimed", data: { until: "2026-11-22T12:10:00.000Z", takenFrom: "ben" } })).toBe("Ana claimed it after Ben’s lock expired");
    expect(by("ana", { kind: "released", data: { reason: "released" } })).toBe("Ana released it");
  });

  it("describes status changes", () => {
    expect(by("ana", { kind: "status", data: { from: "in-review", to: "done" } })).toBe("Ana marked it done");
    expect(by("ana", { kind: "status", data: { from: "done", to: "in-review" } })).toBe("Ana reopened it (in review)");
    expect(by("ana", { kind: "status", data: { from: "open", to: "in-review" } })).toBe("Ana moved it from open to in review");
  });

  it("describes labels by the name they had", () => {
    const wrongTool = { id: "l1", name: "wrong tool" };
    const badArgument = { id: "l2", name: "bad argument" };
    expect(by("ana", { kind: "label", data: { from: null, to: wrongTool } })).toBe("Ana labelled it “wrong tool”");
    expect(by("ana", { kind: "label", data: { from: wrongTool, to: badArgument } })).toBe("Ana changed the label from “wrong tool” to “bad argument”");
    expect(by("ana", { kind: "label", data: { from: badArgument, to: null } })).toBe("Ana removed the label “bad argument”");
  });

  it("describes comments", () => {
    expect(by("ben", { kind: "comment-added", data: { commentId: "c1", parentId: null } })).toBe("Ben commented");
    expect(by("ben", { kind: "comment-added", data: { commentId: "c2", parentId: "c1" } })).toBe("Ben replied to a comment");
    expect(by("ben", { kind: "comment-edited", data: { commentId: "c2", previousBody: "tpyo" } })).toBe("Ben edited a comment");
  });

  it("accepts names as a plain object and copes with unknown people", () => {
    expect(describeEvent({ actorId: "ana", kind: "comment-added", data: { commentId: "c", parentId: null } }, { ana: "Ana" })).toBe("Ana commented");
    expect(describeEvent({ actorId: "gone", kind: "released", data: { reason: "released" } }, names)).toBe("someone released it");
  });

  it("still gives a sentence for data or kinds this code no longer knows", () => {
    expect(describeEvent({ actorId: "ana", kind: "status", data: { from: "triaged" } }, names)).toBe("Ana changed the status");
    expect(describeEvent({ actorId: "ana", kind: "escalated", data: {} }, names)).toBe("Ana changed it (escalated)");
  });
});

describe("parseReviewEvent", () => {
  it("types stored data again, and refuses what does not fit", () => {
    expect(parseReviewEvent("assigned", { from: null, to: "ben" })).toEqual({ kind: "assigned", data: { from: null, to: "ben" } });
    expect(parseReviewEvent("claimed", { until: "yesterday", takenFrom: null })).toBeNull();
    expect(parseReviewEvent("verdict", { from: null, to: { verdict: "disagree" }, judge: { score: 1, passed: true }, scale: "binary" })).toBeNull();
    expect(parseReviewEvent("nope", {})).toBeNull();
  });
});
