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
   * A worker's client: its queries are background work, whose long aggregates PostgreSQL may still
   * compile (JIT); the web's compile nothing (WEB_POOL).
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

/*
 * Server settings of each connection (pg's `options`: what `-c` gives on the command line), unless
 * the URL's own `options` say otherwise.
 * - No parallel workers. A worker's: a run's live statistics fanned out to three processes for up
 *   to 1.9 s and took both cores of a 2-core machine from the pages meanwhile (bench:runs). The
 *   web's: its queries are walks that stop after a page's rows, and starting the workers cost more
 *   than the walk (a run page's first 25 calls of 10 million results: 85-91 ms with two, 8-11 ms
 *   without); a count over the whole run took as long either way (bench/results-scale/page-queries.ts).
 * - The web compiles no query (jit=off). PostgreSQL prices its walks by estimates that can be far
 *   too high, and a price over jit_above_cost compiled them: 100 of the run page's 210 ms at 10
 *   million results, 400 ms of a tool-call page's place, for queries of a few milliseconds.
 */
const BACKGROUND_PG_OPTIONS = "-c max_parallel_workers_per_gather=0";
/**
 * How long the web keeps an idle connection (pg's default is 10 s): a new one plans its first
 * queries with PostgreSQL's catalogue caches empty, 80 ms for a walk that then takes 7 ms. Idle
 * connections do not hold a script's process open (allowExitOnIdle).
 */
const WEB_POOL = { options: `${BACKGROUND_PG_OPTIONS} -c jit=off`, idleTimeoutMillis: 10 * 60_000, allowExitOnIdle: true };

function createPostgresPrisma(url: string, options: ClientOptions): PrismaClient {
  // Our own pool, handed to the adapter (which ends it on $disconnect), so that pg-pool.ts can
  // lend its connections to the writes that go past Prisma. A URL's own `options` win over ours.
  const pool = new pg.Pool({ connectionString: url, ...(options.background ? { options: BACKGROUND_PG_OPTIONS } : WEB_POOL) });
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
