import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { registerClientFile } from "./bulk-writer";
import { registerClientPool } from "./pg-pool";
import { enableWal, prismaAdapterFactory } from "./sqlite";
import { databaseTarget, ensureSqlitePath } from "./url";

export interface ClientOptions {
  /**
   * A worker's client: its queries are background work. On PostgreSQL they run without parallel
   * workers (max_parallel_workers_per_gather = 0, unless the URL's `options` say otherwise): a
   * run's live statistics fanned out to three processes for up to 1.9 s and took both cores of a
   * 2-core machine from the pages meanwhile (bench:runs).
   */
  background?: boolean;
}

/**
 * A new client on the database `databaseUrl` names (default: DATABASE_URL, else
 * data/callboard.db). SQLite runs in WAL mode with a busy timeout and transactions that take
 * the write lock up front (see sqlite.ts); postgresql:// goes through @prisma/adapter-pg.
 * Tests use this with their own database; the app uses getPrisma().
 */
export function createPrisma(databaseUrl?: string, options: ClientOptions = {}): PrismaClient {
  const target = databaseTarget(databaseUrl);
  if (target.provider === "postgresql") return createPostgresPrisma(target.url, options);
  const filePath = ensureSqlitePath(target.url);
  enableWal(filePath);
  const client = new PrismaClient({ adapter: prismaAdapterFactory(filePath) });
  registerClientFile(client, filePath);
  return client;
}

/** Server settings of a worker's connections (pg's `options`: what `-c` gives on the command line). */
const BACKGROUND_PG_OPTIONS = "-c max_parallel_workers_per_gather=0";

function createPostgresPrisma(url: string, options: ClientOptions): PrismaClient {
  // Our own pool, handed to the adapter (which ends it on $disconnect), so that pg-pool.ts can
  // lend its connections to the writes that go past Prisma. A URL's own `options` win over ours.
  const pool = new pg.Pool({ connectionString: url, ...(options.background ? { options: BACKGROUND_PG_OPTIONS } : {}) });
  const client = new PostgresPrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  // Both clients are generated from the same models (lib/platform/db/provider-schema.ts), so
  // their model APIs agree; the PostgreSQL one only adds options (e.g. case-insensitive
  // filters) that code written for both never uses. The app is typed against SQLite's.
  const typed = client as unknown as PrismaClient;
  registerClientPool(typed, pool);
  return typed;
}

// Next dev re-evaluates modules on every edit; keeping the client on globalThis stops each
// reload from opening another connection to the same file.
const globalForPrisma = globalThis as typeof globalThis & { __callboardPrisma?: PrismaClient };

/** The process-wide client for DATABASE_URL. */
export function getPrisma(): PrismaClient {
  globalForPrisma.__callboardPrisma ??= createPrisma();
  return globalForPrisma.__callboardPrisma;
}
