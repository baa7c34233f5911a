import { describe, expect, it } from "vitest";
import { takeDatabaseOption } from "./database";

describe("takeDatabaseOption", () => {
  it("defaults to SQLite and leaves the bench's own options in order", () => {
    expect(takeDatabaseOption(["--workers", "2", "--kill", "1"])).toEqual({ option: { dialect: "sqlite", serverUrl: null }, rest: ["--workers", "2", "--kill", "1"] });
  });

  it("takes --database postgresql, and --database-url as PostgreSQL on that server", () => {
    expect(takeDatabaseOption(["--transcripts", "10", "--database", "postgresql"])).toEqual({ option: { dialect: "postgresql", serverUrl: null }, rest: ["--transcripts", "10"] });
    expect(takeDatabaseOption(["--database-url", "postgres://u@db:5432/x"]).option).toEqual({ dialect: "postgresql", serverUrl: "postgres://u@db:5432/x" });
    expect(takeDatabaseOption(["--database", "postgresql", "--database-url", "postgresql://u@db/x"]).option.dialect).toBe("postgresql");
  });

  it("refuses what it cannot run on, saying why", () => {
    expect(() => takeDatabaseOption(["--database", "mysql"])).toThrow('--database takes sqlite or postgresql, got "mysql"');
    expect(() => takeDatabaseOption(["--database"])).toThrow('--database takes sqlite or postgresql, got ""');
    expect(() => takeDatabaseOption(["--database-url", "file:./x.db"])).toThrow("--database-url needs a postgresql:// or postgres:// URL");
    expect(() => takeDatabaseOption(["--database", "sqlite", "--database-url", "postgresql://u@db/x"])).toThrow("--database says sqlite");
  });
});
