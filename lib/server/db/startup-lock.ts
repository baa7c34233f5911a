import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "./dialect";
import { withPgTransaction } from "./pg-pool";

/** A start-up waits this long for another's steps, which may load the demo data or roll back imports. */
const LIMITS = { maxWaitMs: 60_000, timeoutMs: 30 * 60_000 };

let sqliteTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs a server's start-up steps that read, then write, shared data (rolling back interrupted
 * imports, creating the first admin, loading the demo data into an empty database) one start-up at
 * a time. On PostgreSQL the lock is the database's (an advisory lock held by a transaction that
 * waits beside the work), so servers on several machines take turns: two web servers started
 * together each found the database empty and each loaded the demo data. A SQLite file is served
 * from one machine by one server: its start-ups are taken in turn within this process.
 */
export async function withStartupLock<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  if (dialectOf(prisma) === "postgresql") {
    return withPgTransaction(prisma, LIMITS, async (connection) => {
      await connection.query(`SELECT pg_advisory_xact_lock(hashtextextended('callboard:start-up', 0))`);
      return work();
    });
  }
  const turn = sqliteTurn.then(work, work);
  sqliteTurn = turn.catch(() => undefined);
  return turn;
}
