import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * SQLite's WAL checkpoints, on a thread of their own. By default the connection that commits
 * runs a checkpoint whenever the WAL passes 1,000 pages: for the worker that was nearly every
 * result transaction, each copying pages into the database file and waiting on its fsync, on the
 * worker's only thread (measured on 60,000 results: 38 s of SQL with those checkpoints, 9 s
 * without). Here the worker's connection stops checkpointing and this thread does it, passive
 * (never blocking a reader or the writer) every `everyMs`, so the copying and the fsync overlap
 * the worker's judging instead of stopping it.
 *
 * The thread is plain JavaScript (no TypeScript loader is needed in it): it only opens the file
 * with better-sqlite3 and checkpoints.
 */
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
const walBytes = () => { try { return fs.statSync(workerData.file + "-wal").size; } catch { return 0; } };
const checkpoint = () => {
  try {
    // A WAL that readers kept from restarting grows; once it is large, try (never wait) to truncate it.
    db.pragma(walBytes() > workerData.truncateBytes ? "wal_checkpoint(TRUNCATE)" : "wal_checkpoint(PASSIVE)");
  } catch (error) {
    // Busy: another connection checkpoints or holds the lock; the next turn tries again.
    if (!/busy|locked/i.test(String(error && error.code))) throw error;
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** A last checkpoint, then the thread ends. */
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, options: { everyMs?: number; truncateBytes?: number; onError?: (error: unknown) => void } = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const thread = new Worker(THREAD, {
    eval: true,
    workerData: { file, driver, everyMs: options.everyMs ?? 500, truncateBytes: options.truncateBytes ?? 256 * 1024 ** 2 },
  });
  // The worker's process must be able to exit while the thread sleeps between checkpoints.
  thread.unref();
  const ended = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
  thread.on("error", (error) => options.onError?.(error));
  return {
    async stop() {
      // Referenced again: otherwise the process could end while it waits for the thread's last checkpoint.
      thread.ref();
      thread.postMessage("stop");
      await ended;
    },
  };
}
