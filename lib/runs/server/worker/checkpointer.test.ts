import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startCheckpointer } from "./checkpointer";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("startCheckpointer", () => {
  it("moves what a connection that never checkpoints committed into the database file, from its own thread", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-checkpointer-"));
    dirs.push(dir);
    const file = path.join(dir, "db.sqlite");
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("wal_autocheckpoint = 0");
    db.exec("CREATE TABLE t (x TEXT)");
    const insert = db.prepare("INSERT INTO t VALUES (?)");
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run("x".repeat(500));
    })();
    const before = fs.statSync(file).size;
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);

    const errors: unknown[] = [];
    const checkpointer = startCheckpointer(file, { everyMs: 10, onError: (error) => errors.push(error) });
    await checkpointer.stop();
    expect(errors).toEqual([]);
    expect(fs.statSync(file).size).toBeGreaterThan(before + 1_000_000);
    // The writer's own view is unchanged, and it can go on writing.
    insert.run("y");
    expect(db.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 2001 });
    db.close();
  });
});
