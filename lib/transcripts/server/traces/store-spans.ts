import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sessionIdOf, spanRole } from "@/lib/transcripts/otlp/conventions";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import { sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { dialectOf } from "@/lib/platform/db/dialect";
import { storeSpansPostgres } from "./postgres";
import type { StoredSpans } from "./trace-store-types";

export type { StoredSpans } from "./trace-store-types";

// A new span is one INSERT; only a span sent again costs a second statement.
const INSERT_SPAN = `INSERT INTO "TraceSpan" ("traceId","spanId","data","receivedAt") VALUES (?,?,?,?) ON CONFLICT ("traceId","spanId") DO NOTHING`;
const REPLACE_SPAN = `UPDATE "TraceSpan" SET "data" = ?, "receivedAt" = ? WHERE "traceId" = ? AND "spanId" = ?`;
// The trace waits again for quiet: lastSpanAt moves and pending is set, whatever was assembled before.
const UPSERT_TRACE = `INSERT INTO "TraceGroup" ("id","traceId","sessionId","spanCount","llmSpanCount","toolSpanCount","firstSpanAt","lastSpanAt","pending","status")
VALUES (?,?,?,?,?,?,?,?,1,'pending')
ON CONFLICT ("traceId") DO UPDATE SET
  "sessionId" = COALESCE("TraceGroup"."sessionId", excluded."sessionId"),
  "spanCount" = "TraceGroup"."spanCount" + excluded."spanCount",
  "llmSpanCount" = "TraceGroup"."llmSpanCount" + excluded."llmSpanCount",
  "toolSpanCount" = "TraceGroup"."toolSpanCount" + excluded."toolSpanCount",
  "lastSpanAt" = excluded."lastSpanAt",
  "pending" = 1
RETURNING "llmSpanCount"`;

interface TraceTally {
  sessionId: string | null;
  spans: number;
  llm: number;
  tool: number;
}

/**
 * Stores received spans as they are and marks their traces as waiting for quiet, in one
 * transaction: either the whole request is stored or nothing is. Assembling transcripts is left
 * to assembleQuietTraces, off the request path. Prepared statements on a plain connection, as
 * for transcripts (bulk-writer.ts): an exporter sends hundreds of spans per request.
 */
export async function storeSpans(prisma: PrismaClient, spans: OtelSpan[], now: Date = new Date()): Promise<StoredSpans> {
  if (spans.length === 0) return { added: 0, replaced: 0, tracesWithoutLlm: [] };
  if (dialectOf(prisma) === "postgresql") return storeSpansPostgres(prisma, spans, now);
  const receivedAt = sqliteDateTime(now);
  return withBulkConnection(prisma, (db) => {
    const insertSpan = db.prepare(INSERT_SPAN);
    const replaceSpan = db.prepare(REPLACE_SPAN);
    const upsertTrace = db.prepare<unknown[], number>(UPSERT_TRACE).pluck();
    const write = db.transaction((): StoredSpans => {
      const result: StoredSpans = { added: 0, replaced: 0, tracesWithoutLlm: [] };
      const traces = new Map<string, TraceTally>();
      for (const span of spans) {
        let tally = traces.get(span.traceId);
        if (!tally) traces.set(span.traceId, (tally = { sessionId: null, spans: 0, llm: 0, tool: 0 }));
        tally.sessionId ??= sessionIdOf(span);
        const data = JSON.stringify(span);
        if (insertSpan.run(span.traceId, span.spanId, data, receivedAt).changes === 0) {
          replaceSpan.run(data, receivedAt, span.traceId, span.spanId);
          result.replaced++;
          continue;
        }
        result.added++;
        tally.spans++;
        const role = spanRole(span);
        if (role === "llm") tally.llm++;
        else if (role === "tool") tally.tool++;
      }
      for (const [traceId, t] of traces) {
        const llmSpans = upsertTrace.get(randomUUID(), traceId, t.sessionId, t.spans, t.llm, t.tool, receivedAt, receivedAt);
        if (!llmSpans) result.tracesWithoutLlm.push(traceId);
      }
      return result;
    });
    return write.immediate();
  });
}
