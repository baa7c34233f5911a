import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { filteredResults } from "./run-call-filters";

/**
 * Walked, a page reads about (skip + take) × calls / matching of the walked calls; past this
 * many, taking the set of matching results first costs less. At 1.26 million results a verdict
 * filter that keeps a tenth of the calls read its 14,335 calls' keys to sort them (PostgreSQL 210
 * ms, SQLite 150 ms a page) where the walk reads 250 calls.
 */
export const WALK_LIMIT = 4_000;

export interface WalkCounts {
  /** The view's calls. */
  matching: number;
  /** Every stored call: the walk goes through the transcripts of all runs, in list order. */
  storedCalls: number;
}

/**
 * Whether a page of the view is read by walking the calls in list order and testing each one's
 * results (CallConditionOptions.walk): only in the transcript order, which indexes walk without a
 * sort, and only for result filters that keep enough of the calls walked.
 */
export function walkPays(view: RunView, skip: number, take: number, counts: WalkCounts): boolean {
  if (view.sort !== "transcript" || filteredResults("", view) === null || counts.matching === 0) return false;
  // The walk probes every stored call in order, those of other runs included.
  const walked = ((skip + take) * counts.storedCalls) / counts.matching;
  return walked <= WALK_LIMIT;
}

const STORED_CALLS_TTL_MS = 60_000;
let storedCalls: { value: number; at: number } | null = null;

/** How many calls are stored, remembered a minute: the walk's cost only needs its size. */
export async function storedCallCount(prisma: PrismaClient, now = Date.now()): Promise<number> {
  if (storedCalls && now - storedCalls.at < STORED_CALLS_TTL_MS) return storedCalls.value;
  storedCalls = { value: await prisma.toolCall.count(), at: now };
  return storedCalls.value;
}
