import Database from "better-sqlite3";
import { sleep } from "@/lib/judging/engine/sleep";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { clientFile } from "@/lib/platform/db/bulk-writer";
import { isSqliteBusy } from "@/lib/platform/db/sqlite-busy";

/**
 * The worker's own better-sqlite3 connection to the client's file, for its hot path (claim,
 * load, cache lookup, results). Through Prisma, a statement whose parameter is a batch of a
 * thousand results spent most of its time in the query compiler and in (de)serialising that
 * parameter; prepared statements here cost what SQLite costs.
 *
 * The connection never waits for a lock inside SQLite (busy timeout 0): better-sqlite3 is
 * synchronous, and waiting there would stall the event loop, and with it a Prisma transaction of
 * this very process that holds the lock. writeTransaction waits between attempts instead.
 */
interface Shared {
  db: Database.Database;
  users: number;
  statements: Map<string, Database.Statement>;
}

const open = new Map<string, Shared>();

export interface WorkerDb {
  db: Database.Database;
  /** A prepared statement, prepared once per connection. */
  statement(sql: string): Database.Statement;
  release(): void;
}

/** Shares one connection per file among the users of this process; the last release closes it. */
export function acquireWorkerDb(prisma: PrismaClient): WorkerDb {
  const file = clientFile(prisma);
  let shared = open.get(file);
  if (!shared) {
    const db = new Database(file, { timeout: 0 });
    db.pragma("foreign_keys = ON");
    // In WAL mode NORMAL never corrupts the file; it skips the fsync of each commit, which is what
    // a write per batch would otherwise wait on. A power cut may lose the last commits: those rows
    // are still claimed, and are judged again once their lease expires: never written twice.
    db.pragma("synchronous = NORMAL");
    // A result's UPDATE (foreign keys on, rows that grow) keeps a statement journal of the pages it
    // changes; in a temporary file that was ~4 small writes a row and half the UPDATE's cost.
    db.pragma("temp_store = MEMORY");
    // A group of results dirties ~3 MB of pages; in SQLite's default 2 MB cache they spill to the
    // WAL before the commit, some more than once.
    db.pragma("cache_size = -32768");
    shared = { db, users: 0, statements: new Map() };
    open.set(file, shared);
  }
  shared.users++;
  const entry = shared;
  let released = false;
  return {
    db: entry.db,
    statement(sql) {
      let statement = entry.statements.get(sql);
      if (!statement) entry.statements.set(sql, (statement = entry.db.prepare(sql)));
      return statement;
    },
    release() {
      if (released) return;
      released = true;
      if (--entry.users > 0) return;
      open.delete(file);
      entry.db.close();
    },
  };
}

/** Runs `work` with the worker's connection, holding it only for the call. */
export async function withWorkerDb<T>(prisma: PrismaClient, work: (db: WorkerDb) => T | Promise<T>): Promise<T> {
  const db = acquireWorkerDb(prisma);
  try {
    return await work(db);
  } finally {
    db.release();
  }
}

/**
 * Runs synchronous `work` in a BEGIN IMMEDIATE transaction. While another connection (the web
 * server, another worker, a Prisma transaction of this process) holds the write lock, it waits
 * on the event loop, a few milliseconds at a time, for up to `maxWaitMs`.
 */
export async function writeTransaction<T>(db: WorkerDb, work: () => T, maxWaitMs = 30_000): Promise<T> {
  const transaction = db.db.transaction(work);
  const started = Date.now();
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      return transaction.immediate();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() - started > maxWaitMs) throw error;
    }
    await sleep(wait);
  }
}

/** A read that may meet a writer's checkpoint: retried the same way. */
export async function readWithRetry<T>(work: () => T, maxWaitMs = 30_000): Promise<T> {
  const started = Date.now();
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      return work();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() - started > maxWaitMs) throw error;
    }
    await sleep(wait);
  }
}
