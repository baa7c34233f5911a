import Database from "better-sqlite3";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "./dialect";
import { BUSY_TIMEOUT_MS } from "./sqlite";

/**
 * Plain better-sqlite3 connections on the same file as a Prisma client, for bulk inserts.
 * Prisma compiles every createMany anew (a batch of transcripts never hits its query-plan
 * cache) and keeps their parameters in its debug buffer: measured on 10,000 transcripts, the
 * import spent 47 s of CPU there against 6 s with prepared statements. Only server code uses it.
 */
// On globalThis: Next bundles this module into several server chunks, and a module-level map
// filled where the client is created would be empty where a route handler stores transcripts.
const holder = globalThis as typeof globalThis & { __callboardClientFiles?: WeakMap<PrismaClient, string> };
const files = (holder.__callboardClientFiles ??= new WeakMap<PrismaClient, string>());

export function registerClientFile(client: PrismaClient, filePath: string): void {
  files.set(client, filePath);
}

/** The SQLite file behind a client made by createPrisma. */
export function clientFile(client: PrismaClient): string {
  const filePath = files.get(client);
  if (!filePath) {
    throw new Error(
      forDialect(client, {
        sqlite: "This Prisma client was not created by createPrisma, so its database file is unknown",
        postgresql: "This needs SQLite's file and has no PostgreSQL version yet (bench/notes/postgres-port.md)",
      }),
    );
  }
  return filePath;
}

/**
 * Runs `work` on a connection of its own, closed afterwards so that it never outlives the
 * client's connections (closing the last one is what checkpoints the WAL into the file).
 */
export function withBulkConnection<T>(client: PrismaClient, work: (db: Database.Database) => T): T {
  const db = openBulkConnection(client);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** A connection of its own for work spread over time (the caller closes it, as withBulkConnection does). */
export function openBulkConnection(client: PrismaClient): Database.Database {
  const db = new Database(clientFile(client), { timeout: BUSY_TIMEOUT_MS });
  db.pragma("foreign_keys = ON");
  return db;
}

/** DateTime as Prisma's SQLite adapter writes it, so both read and sort the same. */
export function sqliteDateTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}
