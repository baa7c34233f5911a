import { describe, expect, it } from "vitest";
import { humanBadgeText, humanOutcome, humanSentence, humanTitle, markFor, reviewItemHref, type HumanMark } from "./human-mark";

const mark = (over: Partial<HumanMark> = {}): HumanMark => ({
  reviewId: "rev1",
  queueId: "q1",
  criterionId: "c1",
  mode: "hindsight",
  status: "done",
  verdict: "disagree",
  passed: false,
  score: null,
  overturned: true,
  reviewer: "Ana",
  label: "wrong tool",
  verdictAt: "2026-11-22T12:00:00.000Z",
  ...over,
});

describe("human marks in words", () => {
  it("say who disagreed and what the result should be", () => {
    expect(humanSentence(mark())).toBe("Human (Ana): disagree → fail");
    expect(humanSentence(mark({ score: 0.3 }))).toBe("Human (Ana): disagree → 0.30 (fail)");
    expect(humanSentence(mark({ verdict: "agree", passed: true, overturned: false }))).toBe("Human (Ana): agree");
    expect(humanSentence(mark({ verdict: "discuss", passed: null, reviewer: null }))).toBe("Human: discuss");
    expect(humanSentence(mark({ verdict: null, passed: null, status: "open", reviewer: null }))).toBe("Human: queued for review, open");
  });

  it("fit a table cell: the correction on disagreement, else the verdict", () => {
    expect(humanBadgeText(mark())).toBe("fail");
    expect(humanBadgeText(mark({ passed: true, score: 0.9 }))).toBe("0.90");
    expect(humanBadgeText(mark({ verdict: "agree" }))).toBe("agrees");
    expect(humanBadgeText(mark({ verdict: "discuss", passed: null }))).toBe("discuss");
    expect(humanBadgeText(mark({ verdict: null, passed: null, status: "in-review" }))).toBe("in review");
  });

  it("say in the title that a person, not the judge, gave it", () => {
    expect(humanTitle(mark())).toBe("Reviewed by a person (Ana), not the judge. They disagree with the judge: the result should be fail. Label: wrong tool. Review status: done.");
    expect(humanTitle(mark({ verdict: "agree", label: null, status: "in-review" }))).toBe("Reviewed by a person (Ana), not the judge. They agree with the judge. Review status: in review.");
  });

  it("name the outcome only when people stand behind one", () => {
    expect(humanOutcome({ passed: true, score: null })).toBe("pass");
    expect(humanOutcome({ passed: false, score: 0.25 })).toBe("0.25 (fail)");
    expect(humanOutcome({ passed: null, score: null })).toBeNull();
  });
});

describe("markFor and reviewItemHref", () => {
  it("find a result's mark by criterion and mode, and link to its review item", () => {
    const marks = [mark(), mark({ reviewId: "rev2", mode: "immediate" })];
    expect(markFor(marks, "c1", "immediate")?.reviewId).toBe("rev2");
    expect(markFor(marks, "c2", "hindsight")).toBeNull();
    expect(markFor(undefined, "c1", "hindsight")).toBeNull();
    expect(reviewItemHref(mark())).toBe("/review/q1/rev1");
  });
});
