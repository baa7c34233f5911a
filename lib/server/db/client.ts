import { PrismaClient } from "@/lib/generated/prisma/client";
import { registerClientFile } from "./bulk-writer";
import { enableWal, prismaAdapterFactory } from "./sqlite";
import { ensureSqlitePath } from "./url";

/**
 * A new client on the SQLite file `databaseUrl` names (default: DATABASE_URL, else
 * data/callboard.db), in WAL mode with a busy timeout and transactions that take the write
 * lock up front (see sqlite.ts). Tests use this with their own file; the app uses getPrisma().
 */
export function createPrisma(databaseUrl?: string): PrismaClient {
  const filePath = ensureSqlitePath(databaseUrl);
  enableWal(filePath);
  const client = new PrismaClient({ adapter: prismaAdapterFactory(filePath) });
  registerClientFile(client, filePath);
  return client;
}

// Next dev re-evaluates modules on every edit; keeping the client on globalThis stops each
// reload from opening another connection to the same file.
const globalForPrisma = globalThis as typeof globalThis & { __callboardPrisma?: PrismaClient };

/** The process-wide client for DATABASE_URL. */
export function getPrisma(): PrismaClient {
  globalForPrisma.__callboardPrisma ??= createPrisma();
  return globalForPrisma.__callboardPrisma;
}
