import { describe, expect, it } from "vitest";
import {
  addCommentInputSchema,
  assignInputSchema,
  buildQueueInputSchema,
  createLabelInputSchema,
  renameLabelInputSchema,
  reviewListQuerySchema,
  verdictInputSchema,
} from "./review";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("review input schemas", () => {
  it("give a queue the default filter and no name unless one is typed", () => {
    expect(buildQueueInputSchema.parse({ runId: " r1 ", name: "  " })).toEqual({ runId: "r1", name: undefined, filter: { failed: true, lowScore: true, scoreBelow: 0.5, flipped: true, sampling: "all" } });
    expect(messages(buildQueueInputSchema.safeParse({ runId: "r1", name: "x".repeat(101) }))).toEqual(["A queue name is at most 100 characters."]);
    expect(messages(buildQueueInputSchema.safeParse({}))).toEqual(["Unknown run."]);
  });

  it("trim comments and bound them, and read an empty parent as none", () => {
    expect(addCommentInputSchema.parse({ reviewId: "r", body: "  hi  ", parentId: "" })).toEqual({ reviewId: "r", body: "hi", parentId: undefined });
    expect(addCommentInputSchema.parse({ reviewId: "r", body: "x".repeat(5000) }).body).toHaveLength(5000);
    expect(messages(addCommentInputSchema.safeParse({ reviewId: "r", body: "x".repeat(5001) }))).toEqual(["A comment is at most 5,000 characters."]);
    expect(messages(addCommentInputSchema.safeParse({ reviewId: "r", body: 42 }))).toEqual(["Write a comment first."]);
  });

  it("bound label names and read a blank description as none", () => {
    expect(createLabelInputSchema.parse({ name: " stale data ", description: "  " })).toEqual({ name: "stale data", description: null });
    expect(renameLabelInputSchema.parse({ labelId: "l", name: "x".repeat(40) }).description).toBeUndefined();
    expect(messages(createLabelInputSchema.safeParse({ name: "" }))).toEqual(["Give the label a name."]);
  });

  it("take null to unassign, and refuse a blank member", () => {
    expect(assignInputSchema.parse({ reviewId: "r", assigneeId: null })).toEqual({ reviewId: "r", assigneeId: null });
    expect(messages(assignInputSchema.safeParse({ reviewId: "r", assigneeId: "" }))).toEqual(["Unknown member."]);
  });

  it("carry the human verdict through", () => {
    expect(verdictInputSchema.parse({ reviewId: "r", verdict: { verdict: "disagree", score: 0.25 } })).toEqual({ reviewId: "r", verdict: { verdict: "disagree", score: 0.25 } });
    expect(verdictInputSchema.safeParse({ reviewId: "r", verdict: { verdict: "disagree", score: 0.25, passed: false } }).success).toBe(false);
  });

  it("read a queue's list query from the URL, falling back on bad values", () => {
    expect(reviewListQuerySchema.parse({ status: "done", assignee: "me", reason: "flipped", page: "3", size: "50" })).toEqual({ status: "done", assignee: "me", reason: "flipped", page: 3, size: 50 });
    expect(reviewListQuerySchema.parse({ status: "nope", reason: "odd", page: "-1", size: "7" })).toEqual({ status: undefined, assignee: undefined, reason: undefined, page: 1, size: 25 });
  });
});
