import { createHash } from "node:crypto";
import type pg from "pg";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Where a set-based write of multi-row-insert.ts or unnest-insert.ts goes on PostgreSQL: Prisma
 * (a client or its transaction) or a connection of its pool lent by withPgTransaction (pg-pool.ts),
 * which the hot imports use because Prisma turns every parameter into JSON and back.
 */
export type SqlTarget = PrismaClient | Prisma.TransactionClient | pg.ClientBase;

function isPrisma(target: SqlTarget): target is PrismaClient | Prisma.TransactionClient {
  return "$executeRawUnsafe" in target;
}

const names = new Map<string, string>();

/** A name for `text` as a prepared statement: the same for the same text, in every process. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `callboard_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`));
  return name;
}

/**
 * Runs one statement. With `prepare`, a pg connection parses and plans it once and reuses it for
 * every later call with the same text: only for texts from a small, fixed set, since each stays
 * prepared as long as its connection lives. On a pg connection, dates go as UTC ISO strings, as
 * Prisma stores DateTime (pg would send the process's local time).
 */
export async function executeSql(target: SqlTarget, text: string, values: readonly unknown[], options: { prepare?: boolean } = {}): Promise<void> {
  if (isPrisma(target)) {
    await target.$executeRawUnsafe(text, ...values);
    return;
  }
  const utc = values.map((value) => (value instanceof Date ? value.toISOString() : value));
  await target.query(options.prepare ? { name: statementName(text), text, values: utc } : { text, values: utc });
}
