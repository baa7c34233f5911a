import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * The pg pool behind a PostgreSQL client made by createPrisma, for the few hot writes that go past
 * Prisma's query layer, as SQLite's go through better-sqlite3 (bulk-writer.ts). A raw query through
 * Prisma turns its parameters into JSON and back and costs a few round trips of bookkeeping per
 * transaction: for a request of 512 spans (about 550 kB of span JSON) that was most of its time.
 * Same pool as Prisma's, so its connection limit holds for both.
 */
// On globalThis, as bulk-writer.ts's files: Next bundles this module into several server chunks.
const holder = globalThis as typeof globalThis & { __callboardPgPools?: WeakMap<PrismaClient, pg.Pool> };
const pools = (holder.__callboardPgPools ??= new WeakMap<PrismaClient, pg.Pool>());

export function registerClientPool(client: PrismaClient, pool: pg.Pool): void {
  pools.set(client, pool);
}

/** The pool behind a PostgreSQL client made by createPrisma (ended by the client's $disconnect). */
export function clientPool(client: PrismaClient): pg.Pool {
  const pool = pools.get(client);
  if (!pool) throw new Error("This Prisma client was not created by createPrisma for PostgreSQL, so its connection pool is unknown");
  if (pool.ended) throw new Error("This Prisma client was disconnected: its PostgreSQL connection pool is closed");
  return pool;
}

export interface PgTransactionLimits {
  /** How long to wait for a free connection of the pool. */
  maxWaitMs: number;
  /** How long any one statement of the transaction may run (PostgreSQL's statement_timeout). */
  timeoutMs: number;
}

export class PgPoolTimeoutError extends Error {}

async function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PgPoolTimeoutError(`no PostgreSQL connection was free within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([connecting, timeout]);
  } catch (error) {
    // A connection that comes after all goes straight back to the pool.
    connecting.then((late) => late.release()).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work` in a transaction on one connection of the client's pool: committed if it resolves,
 * rolled back if it throws (and the connection dropped if even the rollback fails).
 */
export async function withPgTransaction<T>(client: PrismaClient, limits: PgTransactionLimits, work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  // Prisma connects lazily, and only a client that has connected ends the pool (and listens for its
  // idle connections' errors): a client that only ever wrote through here would leave it open.
  await client.$connect();
  const connection = await connectWithin(clientPool(client), limits.maxWaitMs);
  let broken: Error | undefined;
  try {
    // One round trip: a simple query may hold several statements.
    await connection.query(`BEGIN; SET LOCAL statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`);
    const result = await work(connection);
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    try {
      await connection.query("ROLLBACK");
    } catch (rollbackError) {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** One statement on a connection of the client's pool, outside any transaction: its rows. */
export async function pgQuery<Row extends object>(client: PrismaClient, query: string | pg.QueryConfig, values: unknown[] = []): Promise<Row[]> {
  await client.$connect();
  const pool = clientPool(client);
  return (typeof query === "string" ? await pool.query<Row>(query, values) : await pool.query<Row>(query)).rows;
}

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

/**
 * Type parsers for a query (its `types`) that read `timestamp` columns as UTC, as Prisma stores
 * and reads DateTime; pg's default reads them in the process's time zone.
 */
export const utcTimestamps: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE && format !== "binary"
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** One statement on a connection of the client's pool, outside any transaction: how many rows it changed. */
export async function pgExecute(client: PrismaClient, text: string, values: unknown[]): Promise<number> {
  await client.$connect();
  return (await clientPool(client).query(text, values)).rowCount ?? 0;
}
