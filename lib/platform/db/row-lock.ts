import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "./dialect-sql";

/*
 * Locks for transactions that read, then write what they read. On SQLite every transaction takes
 * the database's write lock at BEGIN (lib/platform/db/sqlite.ts), so such code is serialised
 * already and these do nothing there. On PostgreSQL (READ COMMITTED) two such transactions run
 * side by side: each takes here the lock that makes the later one wait for the earlier one's
 * commit, and then read what it committed.
 */

type Client = PrismaClient | Prisma.TransactionClient;

/** Tables whose rows the services lock (a fixed list: the name goes into the SQL as written). */
export type LockedTable = "Run" | "Review" | "Comment" | "Criterion" | "ReviewLabel" | "Upload";

/**
 * Locks the rows of `table` with these ids FOR UPDATE, in id order (two transactions locking
 * overlapping sets never deadlock), until the transaction ends. Also waits for a transaction that
 * inserted a row referencing one of them (its foreign key check holds a KEY SHARE lock).
 */
export async function lockRowsForUpdate(tx: Client, table: LockedTable, ids: readonly string[]): Promise<void> {
  if (sqlDialect(tx).serialisesTransactions || !ids.length) return;
  await tx.$queryRaw`SELECT "id" FROM ${Prisma.raw(`"${table}"`)} WHERE "id" IN (${Prisma.join([...ids])}) ORDER BY "id" FOR UPDATE`;
}

/**
 * Serialises the transactions that write `table` through this lock and those that insert into it
 * (SHARE ROW EXCLUSIVE conflicts with itself and with ROW EXCLUSIVE): for a check over the whole
 * table, such as a name unique ignoring case, on a small table written rarely. Reads go on.
 */
export async function lockTableForWrites(tx: Client, table: LockedTable): Promise<void> {
  if (sqlDialect(tx).serialisesTransactions) return;
  await tx.$executeRawUnsafe(`LOCK TABLE "${table}" IN SHARE ROW EXCLUSIVE MODE`);
}

/**
 * A lock on a name rather than a row, held until the transaction ends: for a row that may not
 * exist yet (a first failure counted for an email). Transactions taking several take them in
 * one order.
 */
export async function lockName(tx: Client, name: string): Promise<void> {
  if (sqlDialect(tx).serialisesTransactions) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`;
}
