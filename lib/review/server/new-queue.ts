import type { QueueSelection } from "@/lib/review/build-queue";

export interface NewQueue {
  name: string;
  runId: string;
  filter: unknown;
  createdById: string;
  createdAt: Date;
  /** In queue order: the first gets position 1. */
  items: readonly QueueSelection[];
}
