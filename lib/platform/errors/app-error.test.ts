import { describe, expect, it } from "vitest";
import { AppError, httpStatus } from "./app-error";

describe("AppError", () => {
  it("answers each refusal with its status", () => {
    expect(httpStatus(new AppError("not-found", "There is no such run."))).toBe(404);
    expect(httpStatus(new AppError("invalid-state", "This run was cancelled."))).toBe(409);
    expect(httpStatus(new AppError("forbidden", "Your role may not."))).toBe(403);
    expect(httpStatus(new AppError("unknown-criteria", "criteria[1]: no such criterion.", { path: "criteria[1]" }))).toBe(422);
    expect(httpStatus(new AppError("too-many-attempts", "Try again in 15 minutes."))).toBe(429);
  });
});
