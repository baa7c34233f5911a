import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withQuotedIndexName } from "./partial-index-lookup";

const ENGINE_LOOKUP = (name: string) => `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = "${name}"`;

describe("withQuotedIndexName", () => {
  it("turns the engine's double-quoted index name into a string literal better-sqlite3 accepts", () => {
    const db = new Database(":memory:");
    db.exec(`CREATE TABLE t (a TEXT, s TEXT); CREATE INDEX "t_running_a_idx" ON t (a) WHERE s = 'running'`);
    expect(() => db.prepare(ENGINE_LOOKUP("t_running_a_idx")).all()).toThrow(/no such column|column not found/);
    expect(db.prepare(withQuotedIndexName(ENGINE_LOOKUP("t_running_a_idx"))).all()).toEqual([{ sql: `CREATE INDEX "t_running_a_idx" ON t (a) WHERE s = 'running'` }]);
  });

  it("escapes quotes in the name and leaves every other statement alone", () => {
    expect(withQuotedIndexName(ENGINE_LOOKUP(`it's ""x""`))).toBe(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'it''s "x"'`);
    const other = `SELECT name, type, sql FROM sqlite_master WHERE type='table' OR type='view' ORDER BY name ASC`;
    expect(withQuotedIndexName(other)).toBe(other);
    expect(withQuotedIndexName(`SELECT "name" FROM t WHERE name = "x"`)).toBe(`SELECT "name" FROM t WHERE name = "x"`);
  });
});
