import { describe, expect, it } from "vitest";
import { defaultJudgeThreads } from "./judge-threads";

describe("default judging threads", () => {
  it("judges on the main thread of a one-core machine", () => {
    expect(defaultJudgeThreads(1)).toBe(0);
  });
  it("takes one thread once there is a second core, however many there are", () => {
    expect(defaultJudgeThreads(2)).toBe(1);
    expect(defaultJudgeThreads(16)).toBe(1);
  });
});
