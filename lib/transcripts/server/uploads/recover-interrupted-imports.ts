import { hostname } from "node:os";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { IMPORT_STALE_MS } from "./file-import";
import { removeFailedImports } from "./remove-failed-imports";

export const INTERRUPTED = "The import stopped before the file was complete (the server stopped or crashed); nothing of it was kept.";

/**
 * Whether the process that imports a file is gone. One of this machine is asked (a pid that
 * exists is alive; this process, starting up, imports nothing yet). One of another machine sharing
 * the database cannot be asked: it is gone once its heartbeat is older than IMPORT_STALE_MS.
 * (Taking every other machine's import for dead made a server's start-up roll back the uploads
 * another server was receiving.)
 */
export function importIsGone(row: { owner: string; heartbeatAt: Date }, now: Date): boolean {
  const at = row.owner.lastIndexOf(":");
  const host = row.owner.slice(0, at);
  const pid = Number(row.owner.slice(at + 1));
  if (host !== hostname()) return now.getTime() - row.heartbeatAt.getTime() > IMPORT_STALE_MS;
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}

/**
 * At start-up: files left `importing` by a process that is gone (a crash, a kill, a restart
 * mid-upload; importIsGone) are marked failed, so their transcripts stay hidden, then removed in
 * batches; an upload with nothing else is marked failed. A CLI import still running, or another
 * server's, is left alone.
 * Uploads stuck `importing` from before files were tracked are rolled back the same way.
 */
export async function recoverInterruptedImports(prisma: PrismaClient, now: Date = new Date()): Promise<{ files: number; transcripts: number }> {
  const open = await prisma.fileImport.findMany({ where: { status: "importing" }, select: { id: true, owner: true, heartbeatAt: true } });
  const dead = open.filter((row) => importIsGone(row, now)).map((row) => row.id);
  if (dead.length > 0) await prisma.fileImport.updateMany({ where: { id: { in: dead } }, data: { status: "failed", error: INTERRUPTED } });

  const legacy = await prisma.upload.findMany({ where: { status: "importing", imports: { none: {} } }, select: { id: true } });
  for (const upload of legacy) {
    const file = await prisma.fileImport.create({ data: { uploadId: upload.id, fileName: "", owner: "unknown", status: "failed", error: INTERRUPTED } });
    await prisma.$executeRaw`INSERT INTO "PendingTranscript" ("transcriptId", "importId") SELECT "id", ${file.id} FROM "Transcript" WHERE "uploadId" = ${upload.id} ON CONFLICT DO NOTHING`;
  }

  const stuck = await prisma.upload.findMany({ where: { status: "importing", imports: { none: { status: "importing" } } }, select: { id: true, report: true } });
  for (const upload of stuck) {
    const report = { ...(upload.report as Prisma.JsonObject), error: INTERRUPTED };
    await prisma.upload.update({ where: { id: upload.id }, data: { status: "failed", report } });
  }
  const transcripts = await removeFailedImports(prisma);
  return { files: dead.length + legacy.length, transcripts };
}
