import type { PrismaClient } from "@/lib/generated/prisma/client";
import { importTraceSpans } from "@/lib/transcripts/otlp/import-trace";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import { sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { dialectOf } from "@/lib/platform/db/dialect";
import { assembleQuietTracesPostgres } from "./postgres";
import type { AssemblyOptions, AssemblyReport } from "./trace-store-types";
import { transcriptWriter } from "./write-transcript";

export type { AssemblyOptions, AssemblyReport } from "./trace-store-types";

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

/**
 * Builds or updates the transcripts of traces that have been quiet for `quietMs`. All state is
 * in the database (spans, and which traces wait), so any loop may call this — the worker does
 * — and a restart loses nothing: a trace still pending is simply assembled on the next call.
 * Traces of one session become one transcript, rebuilt whenever one of them changes.
 */
export async function assembleQuietTraces(prisma: PrismaClient, now: Date, options: AssemblyOptions): Promise<AssemblyReport> {
  if (dialectOf(prisma) === "postgresql") return assembleQuietTracesPostgres(prisma, now, options);
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
