/**
 * Benchmark child: imports a JSON Lines file through importFile, the code path of
 * POST /api/transcripts (streamed chunks, validation, hashing, batched Prisma writes).
 *
 *   tsx scripts/bench/import-child.ts <file.jsonl> <database url> <transcripts> <calls>
 *
 * The database must already be migrated. Prints a ChildResult as the last line of stdout.
 */
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/platform/env";
import { createPrisma } from "@/lib/platform/db/client";
import { importFile } from "@/lib/transcripts/server/import-file";
import { childArgs, report, runChild, startSampler, verify } from "./measure";

async function main(): Promise<void> {
  const args = childArgs(process.argv.slice(2));
  const prisma = createPrisma(args.databaseUrl);
  try {
    // A server's client is connected long before an upload arrives: connect (and load the
    // query engine) outside the timing, as a warm process would have.
    const before = await prisma.transcript.count();
    if (before !== 0) throw new Error(`callboard: the database is not empty (${before} transcripts)`);

    const rssBefore = process.memoryUsage.rss();
    const sampler = startSampler();
    const fileReport = await importFile(prisma, {
      fileName: path.basename(args.file),
      chunks: fs.createReadStream(args.file),
      source: "api",
      maxFileBytes: env().CALLBOARD_MAX_UPLOAD_MB * 1024 * 1024,
    });
    const peaks = sampler.stop();

    const stored = { transcripts: await prisma.transcript.count(), toolCalls: await prisma.toolCall.count() };
    verify("callboard", stored, args);
    if (fileReport.imported.length !== args.expectedTranscripts) {
      throw new Error(
        `callboard: the report lists ${fileReport.imported.length} imported, ${fileReport.duplicates.length} duplicates, ${fileReport.rejected.length} rejected`,
      );
    }
    report({
      label: "callboard",
      milliseconds: peaks.milliseconds,
      cpuMilliseconds: peaks.cpuMilliseconds,
      maxRssKb: process.resourceUsage().maxRSS,
      sampledPeakRssBytes: peaks.peakRss,
      rssBeforeBytes: rssBefore,
      sampledPeakHeapBytes: peaks.peakHeap,
      ...stored,
      details: {
        bytes: fileReport.bytes,
        imported: fileReport.imported.length,
        duplicates: fileReport.duplicates.length,
        rejected: fileReport.rejected.length,
        warnings: fileReport.warnings,
      },
    });
  } finally {
    await prisma.$disconnect();
  }
}

runChild("callboard", main);
