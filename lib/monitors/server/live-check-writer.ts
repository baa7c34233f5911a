import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { clientFile } from "@/lib/platform/db/bulk-writer";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { pgQuery } from "@/lib/platform/db/pg-pool";
import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type { LiveCheckRow, WriterReply } from "./live-check-writer-protocol";

export type WriteLiveChecks = (rows: LiveCheckRow[]) => Promise<WriterReply>;

/** The thread's module: beside this file in the sources, from the project root in Next's server bundle (as checks-threads.ts finds its own). */
function threadModule(): string {
  const fromRoot = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "lib/monitors/server/live-check-writer-thread.ts");
  try {
    const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "live-check-writer-thread.ts");
    return pathToFileURL(existsSync(/*turbopackIgnore: true*/ beside) ? beside : fromRoot).href;
  } catch {
    return pathToFileURL(fromRoot).href;
  }
}

// Node does not carry tsx's loader into worker threads: the thread registers it, then loads its module.
const boot = (module: string) =>
  `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(module)}); }).catch((error) => { console.error(error); process.exit(1); });`;

/** SQLite: one thread of its own, batches answered in order. A thread that dies is started again with the next batch. */
function sqliteWriter(file: string): WriteLiveChecks {
  let worker: Worker | null = null;
  const waiting: { resolve: (reply: WriterReply) => void; reject: (error: unknown) => void }[] = [];
  const start = () => {
    const thread = new Worker(boot(threadModule()), { eval: true, workerData: { file } });
    thread.unref();
    thread.on("message", (reply: WriterReply) => waiting.shift()?.resolve(reply));
    const fail = (error: unknown) => {
      if (worker === thread) worker = null;
      for (const entry of waiting.splice(0)) entry.reject(error);
    };
    thread.on("error", fail);
    thread.on("exit", (code) => fail(new Error(`the live-check writer thread stopped (exit code ${code})`)));
    return thread;
  };
  return (rows) =>
    new Promise((resolve, reject) => {
      worker ??= start();
      waiting.push({ resolve, reject });
      worker.postMessage(rows);
    });
}

/** PostgreSQL: one statement on the client's pool; the wait is the network's, not the event loop's. */
function postgresWriter(prisma: PrismaClient): WriteLiveChecks {
  return async (rows) => {
    const ids = rows.map(() => sortableUuid());
    const inserted = await pgQuery<{ id: string }>(
      prisma,
      `INSERT INTO "LiveCheckInbox" ("id", "monitorId", "endpoint", "body", "reply", "receivedAt")
       SELECT r."id", r."monitorId", r."endpoint", r."body", r."reply", r."receivedAt"
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS r("id", "monitorId", "endpoint", "body", "reply", "receivedAt")
       WHERE EXISTS (SELECT 1 FROM "Monitor" m WHERE m."id" = r."monitorId")
       RETURNING "id"`,
      [ids, rows.map((row) => row.monitorId), rows.map((row) => row.endpoint), rows.map((row) => row.body), rows.map((row) => row.reply), rows.map((row) => new Date(row.receivedAt))],
    );
    return { written: inserted.length, skipped: rows.length - inserted.length };
  };
}

/** How the web server writes received live checks without holding its event loop. */
export function liveCheckWriter(prisma: PrismaClient): WriteLiveChecks {
  return sqlDialect(prisma).provider === "sqlite" ? sqliteWriter(clientFile(prisma)) : postgresWriter(prisma);
}
