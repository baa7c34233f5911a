/**
 * The database a benchmark runs on: `--database sqlite` (the default: a file in the bench's
 * temporary folder) or `--database postgresql` (a throwaway cluster, lib/platform/db/pg-cluster.ts,
 * stopped at the end; or `--database-url postgresql://…` for an existing server, on which each
 * bench database is created fresh and dropped at the end). Every database handed out is migrated
 * with the dialect's own migrations, as `npm run db:migrate` does.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { startPgCluster, stopPgCluster } from "@/lib/platform/db/pg-cluster";
import { createPgDatabase, dropPgDatabase } from "@/lib/platform/db/pg-test-server";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { isPostgresUrl } from "@/lib/platform/db/url";

export type BenchDialect = "sqlite" | "postgresql";

export interface DatabaseOption {
  dialect: BenchDialect;
  /** An existing PostgreSQL server (any database on it: bench databases are created beside it). */
  serverUrl: string | null;
}

export const DATABASE_USAGE = "[--database sqlite|postgresql (sqlite)] [--database-url postgresql://… (an existing server; implies postgresql)]";

const dialectSchema = z.enum(["sqlite", "postgresql"], { error: (issue) => `--database takes sqlite or postgresql, got ${JSON.stringify(issue.input ?? "")}` });

/**
 * Takes --database and --database-url out of `argv` (the bench's other options are left, in
 * order); throws a readable error for a bad value.
 */
export function takeDatabaseOption(argv: readonly string[]): { option: DatabaseOption; rest: string[] } {
  const rest: string[] = [];
  let dialect: BenchDialect | null = null;
  let serverUrl: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--database") {
      const parsed = dialectSchema.safeParse(argv[++i]);
      if (!parsed.success) throw new Error(parsed.error.issues[0].message);
      dialect = parsed.data;
    } else if (arg === "--database-url") {
      const value = argv[++i];
      if (!value || !isPostgresUrl(value)) throw new Error(`--database-url needs a postgresql:// or postgres:// URL, got ${JSON.stringify(value ?? "")}`);
      serverUrl = value;
    } else {
      rest.push(arg);
    }
  }
  if (serverUrl && dialect === "sqlite") throw new Error("--database-url names a PostgreSQL server, but --database says sqlite");
  return { option: { dialect: serverUrl ? "postgresql" : (dialect ?? "sqlite"), serverUrl }, rest };
}

export interface BenchDatabase {
  url: string;
  /** Removes the database (file, or DROP DATABASE on PostgreSQL). */
  drop: () => Promise<void>;
}

export interface BenchDatabases {
  dialect: BenchDialect;
  /** For the report: "SQLite" or "PostgreSQL 15 (throwaway cluster)". */
  description: string;
  /** A new, migrated, empty database named after `label`. */
  fresh: (label: string) => Promise<BenchDatabase>;
  /** Stops the throwaway cluster, if one was started (its databases go with it). */
  close: () => Promise<void>;
}

/** Opens what `option` names; SQLite files go into `dir`. */
export async function openBenchDatabases(option: DatabaseOption, dir: string): Promise<BenchDatabases> {
  if (option.dialect === "sqlite") {
    return {
      dialect: "sqlite",
      description: "SQLite",
      fresh: async (label) => {
        const file = path.join(dir, `${label}.db`);
        const url = `file:${file}`;
        await applyMigrations(url);
        return {
          url,
          drop: async () => {
            for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${file}${suffix}`, { force: true });
          },
        };
      },
      close: async () => undefined,
    };
  }
  const cluster = option.serverUrl ? null : await startPgCluster();
  const serverUrl = option.serverUrl ?? cluster!.url;
  let closed = false;
  // A cluster must not outlive the bench, whatever ends it.
  const stopCluster = () => {
    if (cluster && !closed) {
      closed = true;
      stopPgCluster(cluster.dir);
    }
  };
  process.once("exit", stopCluster);
  const version = await postgresVersion(serverUrl);
  return {
    dialect: "postgresql",
    description: `PostgreSQL ${version} (${cluster ? "throwaway cluster" : "existing server"})`,
    fresh: async (label) => {
      const url = await createPgDatabase(serverUrl, `bench_${label}`);
      await applyMigrations(url);
      return { url, drop: () => dropPgDatabase(serverUrl, url) };
    },
    close: async () => stopCluster(),
  };
}

async function postgresVersion(serverUrl: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    return rows[0]?.server_version ?? "?";
  } finally {
    await client.end();
  }
}
