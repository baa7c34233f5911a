import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AssemblyOptions, AssemblyReport } from "./trace-store-types";
import { traceStore } from "./trace-store";

export type { AssemblyOptions, AssemblyReport } from "./trace-store-types";

/**
 * Builds or updates the transcripts of traces that have been quiet for `quietMs`. All state is
 * in the database (spans, and which traces wait), so any loop may call this — the worker does
 * — and a restart loses nothing: a trace still pending is simply assembled on the next call.
 * Traces of one session become one transcript, rebuilt whenever one of them changes.
 */
export async function assembleQuietTraces(prisma: PrismaClient, now: Date, options: AssemblyOptions): Promise<AssemblyReport> {
  return traceStore(prisma).assembleQuietTraces(prisma, now, options);
}
