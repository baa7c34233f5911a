import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * Empties the operating system's page cache (Linux, as root), so that the server's first view of
 * each page reads the database from disk, as after a reboot or when other files pushed it out.
 * A PostgreSQL server's own shared buffers stay as they are.
 */
export function dropPageCache(): void {
  execFileSync("sync");
  try {
    fs.writeFileSync("/proc/sys/vm/drop_caches", "1");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`--cold empties the page cache through /proc/sys/vm/drop_caches, which needs Linux and root: ${reason}`);
  }
}
