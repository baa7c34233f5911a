import type { PrismaClient } from "@/lib/generated/prisma/client";
import { writeResult, writeResults, type ResultToWrite } from "./write-result";

interface Queued extends ResultToWrite {
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: results that finish while a write is in progress go out together in the next
 * transaction. An idle worker writes each result at once; a busy one pays one commit per group
 * instead of one per evaluation, which is what SQLite's fsync makes expensive.
 */
export class ResultWriter {
  private queue: Queued[] = [];
  private flushing = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly workerId: string,
  ) {}

  write(entry: ResultToWrite): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...entry, resolve, reject });
      void this.flush();
    });
  }

  /** Queues `entries` together, so that they share a transaction. */
  writeMany(entries: readonly ResultToWrite[]): Promise<boolean[]> {
    const written = Promise.all(entries.map((entry) => new Promise<boolean>((resolve, reject) => this.queue.push({ ...entry, resolve, reject }))));
    void this.flush();
    return written;
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length) {
        const group = this.queue.splice(0);
        try {
          const written = await writeResults(this.prisma, this.workerId, group);
          group.forEach((entry, index) => entry.resolve(written[index]));
        } catch {
          // One bad row must not fail the others: write them one by one, each with its own outcome.
          for (const entry of group) await writeResult(this.prisma, this.workerId, entry.evaluation, entry.outcome).then(entry.resolve, entry.reject);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
