import { hostname } from "node:os";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { announceImportArrivals } from "../arrivals";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";

/** Who imports a file, so that start-up recovery can tell a live CLI import from a dead server's. */
export function importOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/** Opens the import of one file: until completeFileImport, its transcripts stay hidden. */
export async function beginFileImport(prisma: PrismaClient, uploadId: string, fileName: string): Promise<string> {
  const row = await prisma.fileImport.create({ data: { uploadId, fileName, owner: importOwner() }, select: { id: true } });
  return row.id;
}

/**
 * How often a running import marks itself alive, and how old that mark may grow before start-up
 * recovery on another machine takes the import for dead (recover-interrupted-imports.ts). A process
 * of the same machine is asked directly; one of another machine sharing the database cannot be.
 */
export const IMPORT_HEARTBEAT_MS = 30_000;
export const IMPORT_STALE_MS = 5 * IMPORT_HEARTBEAT_MS;

/**
 * Refreshes the import's heartbeat every `everyMs` until the returned function is called, or until
 * the import is no longer running (failed, or rolled back by a start-up that took it for dead).
 * Only on PostgreSQL: a SQLite file is served from one machine, whose processes are asked by pid.
 */
export function keepImportAlive(prisma: PrismaClient, importId: string, everyMs: number = IMPORT_HEARTBEAT_MS): () => void {
  if (!sqlDialect(prisma).sharedByMachines) return () => {};
  const timer = setInterval(() => {
    prisma.fileImport.updateMany({ where: { id: importId, status: "importing" }, data: { heartbeatAt: new Date() } }).then(
      (beat) => {
        if (beat.count === 0) clearInterval(timer);
      },
      // A missed beat only brings the import nearer to stale: the next one refreshes it.
      () => {},
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Marks a file failed: its transcripts stay hidden until removeFailedImports deletes them. */
export async function failFileImport(prisma: PrismaClient, importId: string, error: string): Promise<void> {
  await prisma.fileImport.update({ where: { id: importId }, data: { status: "failed", error: error.slice(0, 2000) } });
}

/**
 * Shows a completed file's transcripts: its pending rows go (with the import row, by cascade).
 * Pass the transaction that records the upload's counts, so both happen or neither.
 */
export async function completeFileImport(tx: Prisma.TransactionClient, importId: string) {
  // Announced while the pending rows still say which transcripts were the file's.
  await announceImportArrivals(tx, importId);
  return tx.fileImport.delete({ where: { id: importId } });
}
