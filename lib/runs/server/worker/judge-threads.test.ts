import { describe, expect, it } from "vitest";
import { defaultJudgeThreads } from "./judge-threads";

describe("default judging threads", () => {
  it("judges on the main thread of a one-core machine", () => {
    expect(defaultJudgeThreads(1, "sqlite")).toBe(0);
  });
  it("takes one thread on SQLite once there is a second core, however many there are", () => {
    expect(defaultJudgeThreads(2, "sqlite")).toBe(1);
    expect(defaultJudgeThreads(16, "sqlite")).toBe(1);
  });
  it("leaves the second core to PostgreSQL's own processes", () => {
    expect(defaultJudgeThreads(2, "postgresql")).toBe(0);
  });
});
