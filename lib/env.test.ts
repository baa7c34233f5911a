import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("applies defaults when nothing is set", () => {
    expect(parseEnv({})).toEqual({ PORT: 3000, CALLBOARD_DEMO: "1", CALLBOARD_MAX_UPLOAD_MB: 200 });
  });
  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "" }).PORT).toBe(3000);
  });
  it("names the variable, the rule and the bad value", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "postgres://x" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "postgres://x" });
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toContain('DATABASE_URL: must be a SQLite file URL such as "file:./data/callboard.db" (got "postgres://x")');
      expect(message).toMatch(/PORT: .* \(got "eighty"\)/);
    }
  });
  it("rejects an out-of-range port and a bad demo flag", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ CALLBOARD_DEMO: "yes" })).toThrow(/CALLBOARD_DEMO: must be "0"/);
  });
});
