/** What storing spans and assembling traces report, shared by the SQLite and PostgreSQL versions. */
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AssembleOptions } from "@/lib/transcripts/otlp/assemble";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";

export interface AssemblyOptions extends AssembleOptions {
  /** A trace is assembled once no span of it has arrived for this long. */
  quietMs: number;
  /** Traces handled per call; the caller calls again while `more` is true. */
  limit?: number;
}

export interface AssemblyReport {
  created: number;
  updated: number;
  unchanged: number;
  duplicates: number;
  /** Traces with no LLM span: kept, with the reason, and assembled again if one arrives. */
  withoutLlm: number;
  /** Traces whose assembly threw: marked failed with the reason, the rest of the pass goes on. */
  failed: number;
  more: boolean;
}

export interface StoredSpans {
  /** Spans new to the database (a span sent again replaces its copy and is not counted here). */
  added: number;
  replaced: number;
  /** Traces of this batch that still have no LLM span, with or without earlier spans. */
  tracesWithoutLlm: string[];
}

/**
 * Trace ingestion (store-spans.ts and assemble-quiet-traces.ts say what each step does): SQLite's
 * (sqlite.ts) and PostgreSQL's (postgres.ts) implementations, picked by trace-store.ts.
 */
export interface TraceStore {
  /** Stores a request's spans (never empty) and marks their traces as waiting for quiet, in one transaction. */
  storeSpans(prisma: PrismaClient, spans: OtelSpan[], now: Date): Promise<StoredSpans>;
  /** Builds or updates the transcripts of traces quiet for `options.quietMs`. */
  assembleQuietTraces(prisma: PrismaClient, now: Date, options: AssemblyOptions): Promise<AssemblyReport>;
}
