/*
 * The thread that writes received live checks into LiveCheckInbox on SQLite (live-check-writer.ts).
 * better-sqlite3 is synchronous and waits for the write lock while the worker writes results: on
 * the web server's event loop that wait would hold every request up, and the checks' answers with
 * it. Here it holds only this thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { sqliteDateTime } from "@/lib/platform/db/bulk-writer";
import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type { LiveCheckRow, WriterReply } from "./live-check-writer-protocol";

const { file } = workerData as { file: string };
const db = new Database(file, { timeout: 30_000 });
db.pragma("foreign_keys = ON");
const insert = db.prepare(`INSERT INTO "LiveCheckInbox" ("id", "monitorId", "endpoint", "body", "reply", "receivedAt") VALUES (?, ?, ?, ?, ?, ?)`);
const row = (check: LiveCheckRow) => insert.run(sortableUuid(), check.monitorId, check.endpoint, check.body, check.reply, sqliteDateTime(new Date(check.receivedAt)));
const writeAll = db.transaction((checks: LiveCheckRow[]) => checks.forEach(row));

parentPort?.on("message", (checks: LiveCheckRow[]) => {
  let reply: WriterReply;
  try {
    writeAll.immediate(checks);
    reply = { written: checks.length, skipped: 0 };
  } catch {
    // One check naming a monitor deleted since fails the batch: write the others one by one.
    let written = 0;
    for (const check of checks) {
      try {
        row(check);
        written++;
      } catch {
        // Its monitor is gone (or the row cannot be written): it is not kept.
      }
    }
    reply = { written, skipped: checks.length - written };
  }
  parentPort?.postMessage(reply);
});
