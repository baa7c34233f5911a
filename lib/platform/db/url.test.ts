import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseTarget, databaseUrl, DEFAULT_DATABASE_URL, describeDatabase, ensureSqlitePath, InvalidDatabaseUrlError, sqlitePathFromUrl } from "./url";

const root = "/srv/callboard";

describe("sqlitePathFromUrl", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("resolves relative file: URLs from the project root", () => {
    expect(sqlitePathFromUrl("file:./x.db", root)).toBe("/srv/callboard/x.db");
    expect(sqlitePathFromUrl("file:x.db", root)).toBe("/srv/callboard/x.db");
    expect(sqlitePathFromUrl("file:../shared/x.db", root)).toBe("/srv/shared/x.db");
  });

  it("keeps absolute paths, in both file:/abs and file:///abs form", () => {
    expect(sqlitePathFromUrl("file:/var/lib/cb/x.db", root)).toBe("/var/lib/cb/x.db");
    expect(sqlitePathFromUrl("file:///var/lib/cb/x.db", root)).toBe("/var/lib/cb/x.db");
  });

  it("defaults to data/callboard.db when DATABASE_URL is unset or empty", () => {
    vi.stubEnv("DATABASE_URL", "");
    expect(sqlitePathFromUrl(undefined, root)).toBe("/srv/callboard/data/callboard.db");
    expect(sqlitePathFromUrl("  ", root)).toBe("/srv/callboard/data/callboard.db");
    expect(databaseUrl()).toBe(DEFAULT_DATABASE_URL);
  });

  it("reads DATABASE_URL when no URL is given", () => {
    vi.stubEnv("DATABASE_URL", "file:./from-env.db");
    expect(sqlitePathFromUrl(undefined, root)).toBe("/srv/callboard/from-env.db");
    expect(databaseUrl()).toBe("file:./from-env.db");
  });

  it.each([
    ["postgresql://user@localhost/callboard", /must be a SQLite file URL such as "file:\.\/data\/callboard\.db"/],
    ["./data/callboard.db", /must be a SQLite file URL/],
    ["file:", /names no file/],
    ["file:./x.db?connection_limit=1", /must not carry query parameters/],
    ["file://otherhost/x.db", /not a valid file URL/],
  ])("rejects %s with a message naming the variable", (url, message) => {
    expect(() => sqlitePathFromUrl(url, root)).toThrow(InvalidDatabaseUrlError);
    expect(() => sqlitePathFromUrl(url, root)).toThrow(message);
    expect(() => sqlitePathFromUrl(url, root)).toThrow(`DATABASE_URL ${JSON.stringify(url)}`);
  });

  it("rejects a bad DATABASE_URL from the environment too", () => {
    vi.stubEnv("DATABASE_URL", "mysql://localhost/cb");
    expect(() => databaseUrl()).toThrow(/DATABASE_URL "mysql:\/\/localhost\/cb" must be a SQLite file URL/);
  });
});

describe("ensureSqlitePath", () => {
  it("creates the missing parent directories of the database file", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-url-"));
    try {
      const file = ensureSqlitePath("file:./nested/deeper/cb.db", tmp);
      expect(file).toBe(path.join(tmp, "nested", "deeper", "cb.db"));
      expect(fs.statSync(path.dirname(file)).isDirectory()).toBe(true);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe("databaseTarget", () => {
  it("takes file: URLs (and the default) as SQLite", () => {
    expect(databaseTarget("file:./x.db", root)).toEqual({ provider: "sqlite", url: "file:./x.db", filePath: "/srv/callboard/x.db" });
    expect(databaseTarget("", root)).toEqual({ provider: "sqlite", url: DEFAULT_DATABASE_URL, filePath: "/srv/callboard/data/callboard.db" });
  });

  it("takes postgresql:// and postgres:// URLs as PostgreSQL, keeping pg's own parameters", () => {
    expect(databaseTarget("postgresql://cb:pw@db:5432/callboard?sslmode=require", root)).toEqual({
      provider: "postgresql",
      url: "postgresql://cb:pw@db:5432/callboard?sslmode=require",
    });
    expect(databaseTarget(" postgres://db/callboard ", root)).toEqual({ provider: "postgresql", url: "postgres://db/callboard" });
  });

  it.each([
    ["postgresql://cb:pw@db:5432", /names no database/],
    ["postgresql://cb:pw@db:5432/", /names no database/],
    ["postgresql://db/callboard?schema=cb", /"schema", which Callboard does not support on PostgreSQL/],
    ["postgresql://db/callboard?connection_limit=5&pgbouncer=true", /"connection_limit", "pgbouncer"/],
    ["mysql://db/callboard", /must be a SQLite file URL such as "file:\.\/data\/callboard\.db" or a PostgreSQL URL/],
  ])("rejects %s", (url, message) => {
    expect(() => databaseTarget(url, root)).toThrow(InvalidDatabaseUrlError);
    expect(() => databaseTarget(url, root)).toThrow(message);
  });

  it("never repeats a password in its messages or descriptions", () => {
    expect(() => databaseTarget("postgresql://cb:s3cret@db:5432/", root)).toThrow('"postgresql://cb:***@db:5432/"');
    expect(describeDatabase(databaseTarget("postgresql://cb:s3cret@db/callboard", root))).toBe("postgresql://cb:***@db/callboard");
    expect(describeDatabase(databaseTarget("file:./x.db", root))).toBe("/srv/callboard/x.db");
  });
});
