import Database from "better-sqlite3";
import { sleep } from "@/lib/judging/engine/sleep";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { clientFile } from "./bulk-writer";
import { forDialect } from "./dialect";
import { withPgTransaction } from "./pg-pool";
import { isSqliteBusy } from "./sqlite-busy";

/** A start-up waits this long for another's steps, which may load the demo data or roll back imports. */
const LIMITS = { maxWaitMs: 60_000, timeoutMs: 30 * 60_000 };
/** How often a start-up waiting on another process asks for the lock again. */
const RETRY_MS = 100;

let sqliteTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs a server's start-up steps that read, then write, shared data (rolling back interrupted
 * imports, creating the first admin, loading the demo data into an empty database) one start-up at
 * a time. On PostgreSQL the lock is the database's (an advisory lock held by a transaction that
 * waits beside the work), so servers on several machines take turns: two web servers started
 * together each found the database empty and each loaded the demo data. A SQLite file is served
 * from one machine: start-ups take turns within this process, and across its processes through a
 * lock file beside the database (withFileLock).
 */
export async function withStartupLock<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  return forDialect(prisma, { sqlite: withSqliteStartupLock, postgresql: withPostgresStartupLock })(prisma, work);
}

async function withPostgresStartupLock<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  return withPgTransaction(prisma, LIMITS, async (connection) => {
    await connection.query(`SELECT pg_advisory_xact_lock(hashtextextended('callboard:start-up', 0))`);
    return work();
  });
}

async function withSqliteStartupLock<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  const locked = () => withFileLock(`${clientFile(prisma)}.startup-lock`, work);
  const turn = sqliteTurn.then(locked, locked);
  sqliteTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * Runs `work` while holding SQLite's exclusive lock on `file`, a small database of its own (not
 * the main one, which the work writes to). Another process asking for it waits; a process that
 * dies holding it releases it with its file locks, so a crash never leaves it taken. The file
 * stays beside the database: removing it while another process waits on it would let a third
 * take a new one at the same time.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, maxWaitMs: number = LIMITS.maxWaitMs): Promise<T> {
  const lock = new Database(file, { timeout: 0 });
  try {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      try {
        lock.exec("BEGIN EXCLUSIVE");
        break;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        if (Date.now() >= deadline) throw new Error(`Another Callboard process has held the start-up lock ${file} for ${maxWaitMs / 1000} s: is a server still starting on this database?`);
        await sleep(RETRY_MS);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec("COMMIT");
    }
  } finally {
    lock.close();
  }
}
