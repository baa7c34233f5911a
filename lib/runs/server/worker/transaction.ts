/**
 * Options for the worker's transactions. In one process the SQLite adapter runs transactions
 * one at a time on one connection, so a write may queue behind others (the web server's
 * included); maxWait covers that queue.
 *
 * Every worker write goes through a transaction, even single statements: a statement sent
 * outside one would run on that same connection and could land inside another task's open
 * transaction, and be rolled back with it.
 */
export const WORKER_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;

/** The same limits for a worker transaction that goes past Prisma on PostgreSQL (pg-pool.ts). */
export const WORKER_PG_TRANSACTION = { maxWaitMs: WORKER_TRANSACTION.maxWait, timeoutMs: WORKER_TRANSACTION.timeout } as const;
