import { hostname } from "node:os";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Who imports a file, so that start-up recovery can tell a live CLI import from a dead server's. */
export function importOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/** Opens the import of one file: until completeFileImport, its transcripts stay hidden. */
export async function beginFileImport(prisma: PrismaClient, uploadId: string, fileName: string): Promise<string> {
  const row = await prisma.fileImport.create({ data: { uploadId, fileName, owner: importOwner() }, select: { id: true } });
  return row.id;
}

/** Marks a file failed: its transcripts stay hidden until removeFailedImports deletes them. */
export async function failFileImport(prisma: PrismaClient, importId: string, error: string): Promise<void> {
  await prisma.fileImport.update({ where: { id: importId }, data: { status: "failed", error: error.slice(0, 2000) } });
}

/**
 * Shows a completed file's transcripts: its pending rows go (with the import row, by cascade).
 * Pass the transaction that records the upload's counts, so both happen or neither.
 */
export function completeFileImport(tx: Pick<PrismaClient, "fileImport">, importId: string) {
  return tx.fileImport.delete({ where: { id: importId } });
}
