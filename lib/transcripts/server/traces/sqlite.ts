import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sessionIdOf, spanRole } from "@/lib/transcripts/otlp/conventions";
import { importTraceSpans } from "@/lib/transcripts/otlp/import-trace";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import { sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import type { AssemblyOptions, AssemblyReport, StoredSpans, TraceStore } from "./trace-store-types";
import { transcriptWriter } from "./write-transcript";

// Trace ingestion on SQLite (the rules: store-spans.ts, assemble-quiet-traces.ts): prepared
// statements on a plain connection, as for transcripts (bulk-writer.ts).

/* ---------------------------------------------------------------- spans */

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

/** `spans` is never empty; one IMMEDIATE transaction for the whole request. */
async function storeSpans(prisma: PrismaClient, spans: OtelSpan[], now: Date): Promise<StoredSpans> {
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

/* ---------------------------------------------------------------- assembly */

interface TraceRow {
  id: string;
  traceId: string;
  sessionId: string | null;
  lastSpanAt: string;
  transcriptId: string | null;
}

const QUIET = `SELECT "id","traceId","sessionId","lastSpanAt","transcriptId" FROM "TraceGroup" WHERE "pending" = 1 AND "lastSpanAt" <= ? ORDER BY "lastSpanAt" LIMIT ?`;
const SESSION = `SELECT "id","traceId","sessionId","lastSpanAt","transcriptId" FROM "TraceGroup" WHERE "sessionId" = ?`;
const SPANS = `SELECT "data" FROM "TraceSpan" WHERE "traceId" = ?`;
// Only if no span came in meanwhile: otherwise the trace stays pending and is assembled again.
const DONE = `UPDATE "TraceGroup" SET "pending" = 0, "assembledAt" = ?, "status" = ?, "error" = ?, "transcriptId" = COALESCE(?, "transcriptId") WHERE "id" = ? AND "lastSpanAt" = ?`;
const LINK = `UPDATE "TraceGroup" SET "transcriptId" = ? WHERE "id" = ?`;

async function assembleQuietTraces(prisma: PrismaClient, now: Date, options: AssemblyOptions): Promise<AssemblyReport> {
  const limit = options.limit ?? 200;
  const cutoff = sqliteDateTime(new Date(now.getTime() - options.quietMs));
  return withBulkConnection(prisma, (db) => {
    const quiet = db.prepare<[string, number], TraceRow>(QUIET);
    const session = db.prepare<[string], TraceRow>(SESSION);
    const spansOf = db.prepare<[string], string>(SPANS).pluck();
    const done = db.prepare(DONE);
    const link = db.prepare(LINK);
    const write = transcriptWriter(db);
    const report: AssemblyReport = { created: 0, updated: 0, unchanged: 0, duplicates: 0, withoutLlm: 0, failed: 0, more: false };

    // The worker asks every poll: take the write lock only when there is something to write.
    if (quiet.all(cutoff, 1).length === 0) return report;
    const handled = new Set<string>();
    const createdAt = sqliteDateTime(now);
    const assembledAt = sqliteDateTime(now);
    // One group in a savepoint of its own: a trace that cannot be assembled is marked failed, with
    // the reason, and the others go on; it is tried again when its next span arrives.
    const assembleGroup = db.transaction((row: TraceRow) => {
      const group = row.sessionId ? session.all(row.sessionId) : [row];
      for (const member of group) handled.add(member.id);
      const spans = group.flatMap((member) => spansOf.all(member.traceId).map((data) => JSON.parse(data) as OtelSpan));
      const outcome = importTraceSpans(spans, { file: `trace ${row.traceId}` }, options);
      const existing = group.find((member) => member.transcriptId !== null)?.transcriptId ?? null;
      if (!outcome.ok) {
        report.withoutLlm++;
        for (const member of group) done.run(assembledAt, "no-llm", outcome.error.message, null, member.id, member.lastSpanAt);
        return;
      }
      const written = write(outcome, existing, createdAt);
      if (written.kind === "duplicate") {
        // Not linked: a later change of this trace must not rewrite the other transcript.
        report.duplicates++;
        for (const member of group) done.run(assembledAt, "duplicate", `the same conversation is already stored as transcript ${written.transcriptId}`, null, member.id, member.lastSpanAt);
        return;
      }
      report[written.kind]++;
      for (const member of group) {
        done.run(assembledAt, "assembled", null, written.transcriptId, member.id, member.lastSpanAt);
        link.run(written.transcriptId, member.id);
      }
    });
    const pass = db.transaction(() => {
      // Read under the write lock: a worker of another process that read the same traces before
      // this one's pass would build them again, as duplicates of its own transcripts.
      const rows = quiet.all(cutoff, limit);
      report.more = rows.length === limit;
      for (const row of rows) {
        if (handled.has(row.id)) continue;
        try {
          assembleGroup(row);
        } catch (error) {
          report.failed++;
          done.run(assembledAt, "failed", `could not be assembled: ${error instanceof Error ? error.message : String(error)}`, null, row.id, row.lastSpanAt);
        }
      }
    });
    pass.immediate();
    return report;
  });
}

export const sqliteTraceStore: TraceStore = { storeSpans, assembleQuietTraces };
