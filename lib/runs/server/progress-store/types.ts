import type { PrismaClient } from "@/lib/generated/prisma/client";

/** The reads of a run's progress that differ by database (run-progress.ts): SQLite's (sqlite.ts) and PostgreSQL's (postgres.ts), picked by index.ts. */
export interface ProgressStore {
  /** A run's rows running now, call-level and agent-level together. */
  runningRows(prisma: PrismaClient, runId: string): Promise<number>;
}
