import type { PrismaClient } from "@/lib/generated/prisma/client";
import { workerStore } from "./store";

/**
 * Takes up to `limit` pending evaluations of runs that are not cancelled, oldest run first, and
 * marks them running under `workerId`. Atomic across processes: on SQLite the transaction holds
 * the write lock from its first statement (BEGIN IMMEDIATE), on PostgreSQL the rows are locked
 * (FOR UPDATE SKIP LOCKED), so two workers never take the same row; the status guard in the
 * update keeps that true either way (store/sqlite.ts, store/postgres.ts).
 */
export async function claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  return workerStore(prisma).claimBatch(prisma, workerId, limit, now);
}

/** The same for agent-level results (TranscriptEvaluation rows): one claimed id is one transcript × agent criterion. */
export async function claimTranscriptBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  return workerStore(prisma).claimTranscriptBatch(prisma, workerId, limit, now);
}
