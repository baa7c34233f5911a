import { describe, expect, it } from "vitest";
import { actionFailure } from "@/lib/platform/actions/action-result";
import { AppError, httpStatus } from "./app-error";

describe("AppError", () => {
  it("answers each refusal with its status", () => {
    expect(httpStatus(new AppError("not-found", "There is no such run."))).toBe(404);
    expect(httpStatus(new AppError("invalid-state", "This run was cancelled."))).toBe(409);
    expect(httpStatus(new AppError("forbidden", "Your role may not."))).toBe(403);
    expect(httpStatus(new AppError("unknown-criteria", "criteria[1]: no such criterion.", { path: "criteria[1]" }))).toBe(422);
    expect(httpStatus(new AppError("too-many-attempts", "Try again in 15 minutes."))).toBe(429);
  });

  it("becomes an action's result: the message, beside its field, with the queue to go to", () => {
    expect(actionFailure(new AppError("conflict", "This criterion already exists.", { field: "text" }))).toEqual({
      ok: false,
      message: "This criterion already exists.",
      fieldErrors: { text: ["This criterion already exists."] },
    });
    expect(actionFailure(new AppError("nothing-matched", "Nothing new matched.", { queueId: "q1" }))).toEqual({ ok: false, message: "Nothing new matched.", queueId: "q1" });
    // A request's JSON path is for the API's answer, not a form field.
    expect(actionFailure(new AppError("empty-selection", "transcripts: nothing to judge.", { path: "transcripts" }))).toEqual({ ok: false, message: "transcripts: nothing to judge." });
  });

  it("leaves anything else thrown: a bug is not a refusal", () => {
    const bug = new TypeError("undefined is not a function");
    expect(() => actionFailure(bug)).toThrow(bug);
  });
});
