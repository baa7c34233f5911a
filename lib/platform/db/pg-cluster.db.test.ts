import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresBinDir, startPgCluster, stopPgCluster } from "./pg-cluster";
import { postgresAvailable } from "./pg-test-server";

async function selectOne(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SELECT current_database() AS db, current_setting('fsync') AS fsync")).rows[0];
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresAvailable({ ...process.env, CALLBOARD_TEST_POSTGRES_URL: "" }))("a throwaway PostgreSQL cluster", () => {
  it("starts in a temporary directory, serves its URL, and is gone once stopped", async () => {
    const cluster = await startPgCluster();
    try {
      expect(cluster.url).toBe(`postgresql://callboard@127.0.0.1:${cluster.port}/callboard`);
      expect(await selectOne(cluster.url)).toEqual({ db: "callboard", fsync: "off" });
    } finally {
      stopPgCluster(cluster.dir);
    }
    expect(fs.existsSync(cluster.dir)).toBe(false);
    await expect(selectOne(cluster.url)).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);

  it("refuses to stop a directory that holds no cluster, and says where it looked for PostgreSQL", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-not-a-cluster-"));
    try {
      expect(() => stopPgCluster(dir)).toThrow(/holds no cluster made by startPgCluster/);
      expect(fs.existsSync(dir)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A PG_BIN that holds no server is passed over for Debian's own directory.
    expect(postgresBinDir({ ...process.env, PATH: "/nonexistent", PG_BIN: "/nonexistent/bin" })).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/);
  });
});
