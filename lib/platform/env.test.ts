import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, parseWorkerEnv } from "./env";

describe("parseEnv", () => {
  it("applies defaults when nothing is set", () => {
    expect(parseEnv({})).toEqual({
      PORT: 3000,
      CALLBOARD_DEMO: "1",
      CALLBOARD_MAX_UPLOAD_MB: 200,
      CALLBOARD_TRUSTED_PROXIES: 0,
      CALLBOARD_TRACE_QUIET_SECONDS: 30,
      CALLBOARD_OTLP_MAX_SPANS: 50_000,
      CALLBOARD_OTLP_MAX_REQUEST_MB: 64,
      CALLBOARD_TRACE_ATTRIBUTES: [],
      CALLBOARD_WORKER: "1",
      CALLBOARD_WORKER_BATCH: 1000,
      CALLBOARD_WORKER_POLL_MS: 1000,
      CALLBOARD_WORKER_NICE: 10,
    });
  });
  it("bounds the worker's niceness to what nice accepts", () => {
    expect(parseEnv({ CALLBOARD_WORKER_NICE: "0" }).CALLBOARD_WORKER_NICE).toBe(0);
    expect(() => parseEnv({ CALLBOARD_WORKER_NICE: "20" })).toThrow(/CALLBOARD_WORKER_NICE: must be 0-19/);
  });
  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "" }).PORT).toBe(3000);
  });
  it("names the variable, the rule and the bad value", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toContain(
        'DATABASE_URL: must be a SQLite file URL such as "file:./data/callboard.db" or a PostgreSQL URL such as "postgresql://user:password@localhost:5432/callboard" (got "mysql://x")',
      );
      expect(message).toMatch(/PORT: .* \(got "eighty"\)/);
    }
  });
  it("takes a PostgreSQL DATABASE_URL, and never repeats its password", () => {
    expect(parseEnv({ DATABASE_URL: "postgresql://cb:pw@db:5432/callboard" }).DATABASE_URL).toBe("postgresql://cb:pw@db:5432/callboard");
    expect(parseEnv({ DATABASE_URL: "postgres://db/callboard" }).DATABASE_URL).toBe("postgres://db/callboard");
    expect(() => parseEnv({ DATABASE_URL: "mysql://cb:s3cret@db/callboard" })).toThrow('(got "mysql://cb:***@db/callboard")');
  });
  it("rejects an out-of-range port and a bad demo flag", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ CALLBOARD_DEMO: "yes" })).toThrow(/CALLBOARD_DEMO: must be "0"/);
  });
  it("takes the first admin's email and password together, never repeating a secret", () => {
    expect(parseEnv({ CALLBOARD_ADMIN_EMAIL: " Ada@Example.com ", CALLBOARD_ADMIN_PASSWORD: "long enough" })).toMatchObject({
      CALLBOARD_ADMIN_EMAIL: "ada@example.com",
      CALLBOARD_ADMIN_PASSWORD: "long enough",
    });
    expect(() => parseEnv({ CALLBOARD_ADMIN_EMAIL: "ada@example.com" })).toThrow(/CALLBOARD_ADMIN_PASSWORD: is required when CALLBOARD_ADMIN_EMAIL is set/);
    expect(() => parseEnv({ CALLBOARD_ADMIN_PASSWORD: "long enough" })).toThrow(/CALLBOARD_ADMIN_EMAIL: is required/);
    expect(() => parseEnv({ CALLBOARD_ADMIN_EMAIL: "ada", CALLBOARD_ADMIN_PASSWORD: "long enough" })).toThrow(/CALLBOARD_ADMIN_EMAIL: .*valid email/);
    for (const source of [
      { CALLBOARD_ADMIN_EMAIL: "ada@example.com", CALLBOARD_ADMIN_PASSWORD: "hunter2" },
      { CALLBOARD_AUTH_SECRET: "tooshort-secret" },
    ]) {
      try {
        parseEnv(source);
        expect.unreachable();
      } catch (error) {
        const message = (error as EnvError).message;
        expect(message).toMatch(/(CALLBOARD_ADMIN_PASSWORD|CALLBOARD_AUTH_SECRET): .*\(got a value that is not shown\)/);
        expect(message).not.toMatch(/hunter2|tooshort-secret/);
      }
    }
  });
});

describe("CALLBOARD_ADMIN_TOKEN", () => {
  const admin = { CALLBOARD_ADMIN_EMAIL: "ada@example.com", CALLBOARD_ADMIN_PASSWORD: "long enough" };
  const token = `cb_${"a1".repeat(32)}`;

  it("takes a token of Callboard's shape with the start-up admin", () => {
    expect(parseEnv({ ...admin, CALLBOARD_ADMIN_TOKEN: token }).CALLBOARD_ADMIN_TOKEN).toBe(token);
    expect(parseEnv({ ...admin, CALLBOARD_ADMIN_TOKEN: "cb_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ" }).CALLBOARD_ADMIN_TOKEN).toHaveLength(46);
  });

  it.each([
    ["no prefix", "a1".repeat(32)],
    ["too short", "cb_abc123"],
    ["a character outside base64url", `cb_${"a".repeat(40)}+`],
    ["white space inside", `cb_${"a".repeat(20)} ${"a".repeat(20)}`],
  ])("refuses %s with how to make one, never repeating the value", (_label, value) => {
    try {
      parseEnv({ ...admin, CALLBOARD_ADMIN_TOKEN: value });
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toContain("CALLBOARD_ADMIN_TOKEN: must be cb_ followed by 32 to 200 characters");
      expect(message).toContain("openssl rand -hex 32");
      expect(message).toContain("(got a value that is not shown)");
      expect(message).not.toContain(value);
    }
  });

  it("needs the start-up admin it belongs to", () => {
    expect(() => parseEnv({ CALLBOARD_ADMIN_TOKEN: token })).toThrow(/CALLBOARD_ADMIN_TOKEN: needs CALLBOARD_ADMIN_EMAIL and CALLBOARD_ADMIN_PASSWORD/);
  });
});

describe("parseWorkerEnv (npm run worker)", () => {
  const token = `cb_${"a1".repeat(32)}`;

  it("takes CALLBOARD_ADMIN_TOKEN alone, or any of the web's settings, which are the web start-up's concern", () => {
    for (const source of [
      { CALLBOARD_ADMIN_TOKEN: token },
      { CALLBOARD_ADMIN_TOKEN: "not a token" },
      { CALLBOARD_ADMIN_EMAIL: "ada@example.com" },
      { CALLBOARD_AUTH_SECRET: "short", PORT: "eighty" },
    ]) {
      expect(parseWorkerEnv({ DATABASE_URL: "file:./data/w.db", ...source })).toEqual({
        DATABASE_URL: "file:./data/w.db",
        CALLBOARD_TRACE_QUIET_SECONDS: 30,
        CALLBOARD_OTLP_MAX_SPANS: 50_000,
        CALLBOARD_OTLP_MAX_REQUEST_MB: 64,
        CALLBOARD_TRACE_ATTRIBUTES: [],
        CALLBOARD_WORKER: "1",
        CALLBOARD_WORKER_BATCH: 1000,
        CALLBOARD_WORKER_POLL_MS: 1000,
        CALLBOARD_WORKER_NICE: 10,
      });
    }
    // The web server still refuses the token without its admin.
    expect(() => parseEnv({ CALLBOARD_ADMIN_TOKEN: token })).toThrow(/CALLBOARD_ADMIN_TOKEN: needs CALLBOARD_ADMIN_EMAIL/);
  });

  it("checks what the worker reads: the database, its own settings and the trace settings", () => {
    expect(parseWorkerEnv({ CALLBOARD_WORKER_THREADS: "2", CALLBOARD_TRACE_ATTRIBUTES: "user.id" })).toMatchObject({ CALLBOARD_WORKER_THREADS: 2, CALLBOARD_TRACE_ATTRIBUTES: ["user.id"] });
    expect(() => parseWorkerEnv({ DATABASE_URL: "mysql://cb:s3cret@db/callboard" })).toThrow('DATABASE_URL: must be a SQLite file URL such as "file:./data/callboard.db" or a PostgreSQL URL such as "postgresql://user:password@localhost:5432/callboard" (got "mysql://cb:***@db/callboard")');
    expect(() => parseWorkerEnv({ CALLBOARD_WORKER_BATCH: "0", CALLBOARD_ADMIN_TOKEN: token })).toThrow(EnvError);
    expect(() => parseWorkerEnv({ CALLBOARD_WORKER_NICE: "20" })).toThrow(/CALLBOARD_WORKER_NICE: must be 0-19/);
    expect(() => parseWorkerEnv({ CALLBOARD_TRACE_URL: "http://phoenix:6006/traces" })).toThrow(/CALLBOARD_TRACE_URL: must contain \{traceId\}/);
  });
});

describe("trace settings", () => {
  it("reads the quiet time, the span limit and the marked attributes", () => {
    expect(parseEnv({ CALLBOARD_TRACE_QUIET_SECONDS: "2.5", CALLBOARD_TRACE_ATTRIBUTES: " user.id, tag.tags,user.id ," })).toMatchObject({
      CALLBOARD_TRACE_QUIET_SECONDS: 2.5,
      CALLBOARD_OTLP_MAX_SPANS: 50_000,
      CALLBOARD_TRACE_ATTRIBUTES: ["user.id", "tag.tags"],
    });
  });

  it("says what is wrong with a bad value", () => {
    expect(() => parseEnv({ CALLBOARD_TRACE_QUIET_SECONDS: "-1" })).toThrow(/CALLBOARD_TRACE_QUIET_SECONDS: .*>=0.* \(got "-1"\)/);
    expect(() => parseEnv({ CALLBOARD_TRACE_URL: "http://phoenix:6006/traces" })).toThrow(/CALLBOARD_TRACE_URL: must contain \{traceId\}/);
    expect(() => parseEnv({ CALLBOARD_TRACE_ATTRIBUTES: "user id" })).toThrow(/CALLBOARD_TRACE_ATTRIBUTES\.0: attribute keys are/);
    expect(() => parseEnv({ CALLBOARD_TRUSTED_PROXIES: "yes" })).toThrow(/CALLBOARD_TRUSTED_PROXIES: must be a whole number of proxies/);
    expect(parseEnv({ CALLBOARD_TRUSTED_PROXIES: "1" }).CALLBOARD_TRUSTED_PROXIES).toBe(1);
  });
});
