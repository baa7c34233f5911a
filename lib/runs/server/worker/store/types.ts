import type Database from "better-sqlite3";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ResultToWrite } from "../outcome";

/*
 * What the worker's hot path asks of the database (claims, leases, loads, the cache lookup,
 * results) and the step that creates a run's rows: one interface, with SQLite's implementation
 * (sqlite.ts: prepared statements on the worker's own better-sqlite3 connection, worker-db.ts) and
 * PostgreSQL's (postgres.ts: set-based statements on a connection of the client's pool, pg-pool.ts)
 * side by side. index.ts picks one per client; the rules live in the public functions
 * (claim.ts, lease.ts, load-batch.ts, …) and in each implementation's comments.
 */

/** A claimed evaluation's row as the batch load reads it (load-batch.ts turns it into a WorkItem). */
export interface CallRow {
  id: string;
  runId: string;
  toolCallId: string;
  criterionId: string;
  mode: string;
  criterionText: string;
  transcriptId: string;
  callId: string;
  messageIndex: unknown;
  position: unknown;
  ordinal: unknown;
  toolName: string;
  rawArguments: string;
  responseIndex: unknown;
  response: string | null;
}

/** A claimed agent-level row (TranscriptEvaluation) as its batch load reads it. */
export interface TranscriptRow {
  id: string;
  runId: string;
  transcriptId: string;
  criterionText: string;
}

/** A batch's rows, with each of their runs' settings and each transcript they touch, once. */
export interface LoadedRows<Row> {
  rows: Row[];
  runs: { id: string; judgeSettings: unknown }[];
  transcripts: { id: string; messages: unknown; tools: unknown; reference: string | null }[];
}

export interface MaterialiseStep {
  runId: string;
  /** The cursor the rows were planned from: nothing is written if the run moved past it meanwhile. */
  expectedCursor: string;
  rows: { t: string; c: string; m: string; na?: string }[];
  finished: boolean;
  nextCursor: string;
  now: Date;
}

/** A connection held for a worker's life: SQLite's own connection, or nothing to hold (PostgreSQL's pool). */
export interface HeldConnection {
  db: Database.Database | null;
  release(): void;
}

export interface WorkerStore {
  /** Holds what the worker's statements run on for its life, so that it is made (and its statements prepared) once. */
  holdConnection(prisma: PrismaClient): HeldConnection;
  /** Claims up to `limit` pending call-level rows of open runs, oldest run first (claim.ts). */
  claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]>;
  /** The same for agent-level rows. */
  claimTranscriptBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]>;
  /** Renews this worker's claims on `ids` (non-empty); returns how many were still its own. */
  renewClaims(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date): Promise<number>;
  /** Gives back this worker's claims on `ids` (non-empty); returns how many were still its own. */
  releaseClaims(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number>;
  /** Returns to pending the rows of claimers known to be gone or whose lease expired (lease.ts). */
  releaseAbandoned(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date): Promise<number>;
  /** The claimed call-level rows `ids` (non-empty), in their order. */
  loadBatchRows(prisma: PrismaClient, ids: readonly string[]): Promise<LoadedRows<CallRow>>;
  /** The claimed agent-level rows `ids` (non-empty), in their order. */
  loadTranscriptBatchRows(prisma: PrismaClient, ids: readonly string[]): Promise<LoadedRows<TranscriptRow>>;
  /** Stored judge results for `keys` (non-empty, distinct). */
  lookupCacheRows(prisma: PrismaClient, keys: readonly string[]): Promise<{ key: string; result: unknown }[]>;
  /** Writes results (non-empty) under this worker's claims, in one transaction (write-result.ts); per entry, whether it was written. */
  writeResults(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date): Promise<boolean[]>;
  /** Creates a run's next rows and moves its cursor, if the cursor is still `expectedCursor` (materialise-run.ts). */
  materialiseStep(prisma: PrismaClient, step: MaterialiseStep): Promise<{ inserted: number; finished: boolean } | null>;
}
