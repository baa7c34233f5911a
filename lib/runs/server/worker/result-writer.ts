import type { PrismaClient } from "@/lib/generated/prisma/client";
import { writeResult, writeResults, type ResultToWrite } from "./write-result";

interface Queued extends ResultToWrite {
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: results that finish while a write is in progress, or within `lingerMs` of the
 * first of a group, go out together in one transaction. A fast judge (checks) finishes results a
 * few microseconds apart: without the linger each would pay a transaction of its own.
 */
export class ResultWriter {
  private queue: Queued[] = [];
  private flushing = false;

  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly workerId: string,
    private readonly lingerMs = 10,
    private readonly maxGroup = 2000,
  ) {}

  write(entry: ResultToWrite): Promise<boolean> {
    return this.writeMany([entry]).then(([written]) => written);
  }

  /** Queues `entries` together, so that they share a transaction. */
  writeMany(entries: readonly ResultToWrite[]): Promise<boolean[]> {
    const written = Promise.all(entries.map((entry) => new Promise<boolean>((resolve, reject) => this.queue.push({ ...entry, resolve, reject }))));
    this.schedule();
    return written;
  }

  private schedule(): void {
    if (this.flushing) return;
    if (this.queue.length >= this.maxGroup) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.flush();
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.lingerMs);
    }
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length) {
        const group = this.queue.splice(0, this.maxGroup);
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
    // What arrived during the last write but after the loop looked.
    if (this.queue.length) this.schedule();
  }
}
