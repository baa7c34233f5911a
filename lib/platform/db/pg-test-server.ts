import crypto from "node:crypto";
import pg from "pg";
import { postgresBinDir, startPgCluster, stopPgCluster } from "./pg-cluster";

/**
 * PostgreSQL for tests: the server CALLBOARD_TEST_POSTGRES_URL names (vitest's global setup
 * starts a throwaway cluster and sets it in PostgreSQL mode), else a throwaway cluster of the
 * test file's own. Each test database is created fresh on it and dropped afterwards.
 */
export interface PgTestServer {
  url: string;
  stop: () => void;
}

/** Whether this machine can start a throwaway cluster (Debian's postgresql installed) or was given a server. */
export function postgresAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CALLBOARD_TEST_POSTGRES_URL) return true;
  try {
    postgresBinDir(env);
    return true;
  } catch {
    return false;
  }
}

export async function pgTestServer(env: NodeJS.ProcessEnv = process.env): Promise<PgTestServer> {
  if (env.CALLBOARD_TEST_POSTGRES_URL) return { url: env.CALLBOARD_TEST_POSTGRES_URL, stop: () => undefined };
  const cluster = await startPgCluster(env);
  return { url: cluster.url, stop: () => stopPgCluster(cluster.dir) };
}

/** `serverUrl` with its database replaced by `database`. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (or a copy of `template`) on the server; returns its URL. */
export async function createPgDatabase(serverUrl: string, label: string, template?: string): Promise<string> {
  const name = `cb_${label.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 30)}_${crypto.randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  return withDatabase(serverUrl, name);
}

/** Drops the database `databaseUrl` names, disconnecting whoever is still on it. */
export async function dropPgDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`));
}
