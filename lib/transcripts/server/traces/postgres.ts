import { randomUUID } from "node:crypto";
import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ImportSuccess } from "@/lib/transcripts/import-types";
import { sessionIdOf, spanRole } from "@/lib/transcripts/otlp/conventions";
import { refuseNulCharacters } from "@/lib/transcripts/nul-characters";
import { importTraceSpans } from "@/lib/transcripts/otlp/import-trace";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import { pgQuery, utcTimestamps, withPgTransaction } from "@/lib/platform/db/pg-pool";
import { insertRowsUnnestPostgres } from "@/lib/platform/db/unnest-insert";
import { METADATA_COLUMNS, postgresMetadataColumnValues } from "../metadata-columns";
import { preparedTranscript } from "../store";
import { CALL_COLUMNS, storeTranscriptRowsPostgres } from "../transcript-store/postgres";
import { assembleNewGroupsPostgres, readSpans, type GroupRow, type TraceGroupToAssemble } from "./assemble-batch-postgres";
import type { AssemblyOptions, AssemblyReport, StoredSpans, TraceStore } from "./trace-store-types";
import { announceArrivalsPostgres } from "../arrivals";
import type { WriteOutcome } from "./write-transcript";

// Trace ingestion on PostgreSQL: store-spans.ts and assemble-quiet-traces.ts hold the rules, sqlite.ts
// and write-transcript.ts SQLite's statements; these are the same steps, async, in transactions.

// A request's new spans go as multi-row VALUES (their JSON is large, and PostgreSQL reads it far
// slower from a text[] parameter: 20 requests of 512 spans took 0.97-1.24 s through unnest against
// 0.57-0.63 s so); those sent again as one UPDATE, their traces as one upsert, through unnest. The
// JSON is stored as text: as jsonb, each span was parsed once more by the server (20 such requests
// 0.70-1.00 s through Prisma against 0.46-0.48 s as text).
// Chunks of the OpenTelemetry SDKs' default export batch (512 spans): a full one goes through a
// statement prepared once per connection, sparing the server the parse and plan of its 1,537
// parameters on every request (30 requests: 0.45-0.60 s unprepared, 0.36-0.37 s prepared). A
// smaller rest goes unprepared, so that odd sizes do not pile up prepared statements.
const SPANS_PER_INSERT = 512;
const PREPARED_INSERT = "callboard_insert_trace_spans_512";
// As the request's transaction had through Prisma: 15 s to get a connection, 60 s at most.
const SPAN_WRITE_LIMITS = { maxWaitMs: 15_000, timeoutMs: 60_000 };
const insertSpans = (count: number) => `INSERT INTO "TraceSpan" ("traceId","spanId","data","receivedAt") VALUES
${Array.from({ length: count }, (_, i) => `($${3 * i + 2}, $${3 * i + 3}, $${3 * i + 4}, $1::timestamp(3))`).join(",")}
ON CONFLICT ("traceId","spanId") DO NOTHING
RETURNING "traceId", "spanId"`;
const FULL_INSERT = insertSpans(SPANS_PER_INSERT);
const REPLACE_SPANS = `UPDATE "TraceSpan" AS t SET "data" = s."data", "receivedAt" = $4::timestamp(3)
FROM unnest($1::text[], $2::text[], $3::text[]) AS s("traceId","spanId","data")
WHERE t."traceId" = s."traceId" AND t."spanId" = s."spanId"`;
const UPSERT_TRACES = `INSERT INTO "TraceGroup" ("id","traceId","sessionId","spanCount","llmSpanCount","toolSpanCount","firstSpanAt","lastSpanAt","pending","status")
SELECT g."id", g."traceId", g."sessionId", g."spanCount", g."llmSpanCount", g."toolSpanCount", $7::timestamp(3), $7::timestamp(3), TRUE, 'pending'
FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::integer[], $6::integer[]) AS g("id","traceId","sessionId","spanCount","llmSpanCount","toolSpanCount")
ON CONFLICT ("traceId") DO UPDATE SET
  "sessionId" = COALESCE("TraceGroup"."sessionId", excluded."sessionId"),
  "spanCount" = "TraceGroup"."spanCount" + excluded."spanCount",
  "llmSpanCount" = "TraceGroup"."llmSpanCount" + excluded."llmSpanCount",
  "toolSpanCount" = "TraceGroup"."toolSpanCount" + excluded."toolSpanCount",
  "lastSpanAt" = excluded."lastSpanAt",
  "pending" = TRUE
RETURNING "traceId", "llmSpanCount"`;

const spanKey = (traceId: string, spanId: string) => `${traceId}\u0000${spanId}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * store-spans.ts's rules, set-based: a span new to the database is added (and counted in its
 * trace), a span stored before is replaced; a span sent twice in one request is added once and
 * ends with its last copy, as when they went one by one.
 */
async function storeSpansPostgres(prisma: PrismaClient, spans: OtelSpan[], now: Date): Promise<StoredSpans> {
  const traces = new Map<string, { sessionId: string | null; spans: number; llm: number; tool: number }>();
  const latest = new Map<string, { span: OtelSpan; first: OtelSpan; data: string }>();
  for (const span of spans) {
    let tally = traces.get(span.traceId);
    if (!tally) traces.set(span.traceId, (tally = { sessionId: null, spans: 0, llm: 0, tool: 0 }));
    tally.sessionId ??= sessionIdOf(span);
    const key = spanKey(span.traceId, span.spanId);
    const data = JSON.stringify(span);
    const seen = latest.get(key);
    latest.set(key, { span, first: seen?.first ?? span, data });
  }
  // Sorted, so that two requests writing the same spans or traces lock them in the same order.
  const keys = [...latest.keys()].sort(byText);
  // Past Prisma (pg-pool.ts): timestamps go as UTC ISO strings, as Prisma stores DateTime.
  const at = now.toISOString();
  return withPgTransaction(prisma, SPAN_WRITE_LIMITS, async (tx) => {
    const inserted: { traceId: string; spanId: string }[] = [];
    for (let start = 0; start < keys.length; start += SPANS_PER_INSERT) {
      const chunk = keys.slice(start, start + SPANS_PER_INSERT).map((key) => latest.get(key)!);
      const values = chunk.flatMap((e) => [e.span.traceId, e.span.spanId, e.data]);
      const query = chunk.length === SPANS_PER_INSERT ? { name: PREPARED_INSERT, text: FULL_INSERT, values: [at, ...values] } : { text: insertSpans(chunk.length), values: [at, ...values] };
      inserted.push(...(await tx.query<{ traceId: string; spanId: string }>(query)).rows);
    }
    const added = new Set(inserted.map((row) => spanKey(row.traceId, row.spanId)));
    const again = keys.filter((key) => !added.has(key)).map((key) => latest.get(key)!);
    if (again.length) await tx.query(REPLACE_SPANS, [again.map((e) => e.span.traceId), again.map((e) => e.span.spanId), again.map((e) => e.data), at]);
    for (const key of added) {
      const { first } = latest.get(key)!;
      const tally = traces.get(first.traceId)!;
      tally.spans++;
      const role = spanRole(first);
      if (role === "llm") tally.llm++;
      else if (role === "tool") tally.tool++;
    }
    const traceIds = [...traces.keys()].sort(byText);
    const tallies = traceIds.map((traceId) => traces.get(traceId)!);
    const { rows } = await tx.query<{ traceId: string; llmSpanCount: number }>(UPSERT_TRACES, [
      traceIds.map(() => randomUUID()), traceIds, tallies.map((t) => t.sessionId), tallies.map((t) => t.spans), tallies.map((t) => t.llm), tallies.map((t) => t.tool), at,
    ]);
    const llm = new Map(rows.map((row) => [row.traceId, row.llmSpanCount]));
    return { added: added.size, replaced: spans.length - added.size, tracesWithoutLlm: [...traces.keys()].filter((traceId) => !llm.get(traceId)) };
  });
}

type TraceRow = GroupRow;

const QUIET = `SELECT "id","traceId","sessionId","lastSpanAt","transcriptId" FROM "TraceGroup" WHERE "pending" = TRUE AND "lastSpanAt" <= $1 ORDER BY "lastSpanAt" LIMIT $2`;
const SESSIONS = `SELECT "id","traceId","sessionId","lastSpanAt","transcriptId" FROM "TraceGroup" WHERE "sessionId" = ANY($1::text[])`;
const DONE = `UPDATE "TraceGroup" SET "pending" = FALSE, "assembledAt" = $1, "status" = $2, "error" = $3, "transcriptId" = COALESCE($4, "transcriptId") WHERE "id" = $5 AND "lastSpanAt" = $6`;
// DONE for an assembled group, and the link to its transcript even when a span came meanwhile (the
// group stays pending then and is assembled again): one statement instead of DONE and a link.
const ASSEMBLED = `UPDATE "TraceGroup" SET "transcriptId" = $4,
  "pending" = CASE WHEN "lastSpanAt" = $6 THEN FALSE ELSE "pending" END,
  "assembledAt" = CASE WHEN "lastSpanAt" = $6 THEN $1 ELSE "assembledAt" END,
  "status" = CASE WHEN "lastSpanAt" = $6 THEN $2 ELSE "status" END,
  "error" = CASE WHEN "lastSpanAt" = $6 THEN $3 ELSE "error" END
WHERE "id" = $5`;


/**
 * The pass's groups, in the order of its quiet traces: a trace with a session brings the session's
 * other traces (read once for the pass: a group's writes touch only its own session's rows), and
 * a trace already taken with an earlier one of its session is not assembled again.
 */
function groupsOf(rows: TraceRow[], sessions: Map<string, TraceRow[]>): TraceGroupToAssemble[] {
  const handled = new Set<string>();
  const groups: TraceGroupToAssemble[] = [];
  for (const row of rows) {
    if (handled.has(row.id)) continue;
    const members = row.sessionId ? (sessions.get(row.sessionId) ?? [row]) : [row];
    for (const member of members) handled.add(member.id);
    groups.push({ row, members });
  }
  return groups;
}

// Past Prisma, as the spans' ingestion: a pass reads about 2 MB of span JSON and writes its
// transcripts, which through Prisma's raw queries went into JSON and back.
const ASSEMBLY_LIMITS = { maxWaitMs: 15_000, timeoutMs: 120_000 };

async function assembleQuietTracesPostgres(prisma: PrismaClient, now: Date, options: AssemblyOptions): Promise<AssemblyReport> {
  const limit = options.limit ?? 200;
  const report: AssemblyReport = { created: 0, updated: 0, unchanged: 0, duplicates: 0, withoutLlm: 0, failed: 0, more: false };
  const quiet = { text: QUIET, values: [new Date(now.getTime() - options.quietMs).toISOString(), limit], types: utcTimestamps };
  // Every worker asks every poll: a plain read says whether there is anything to do.
  if ((await pgQuery<TraceRow>(prisma, quiet)).length === 0) return report;
  await withPgTransaction(prisma, ASSEMBLY_LIMITS, async (tx) => {
    // One worker assembles at a time, from what it reads under the lock: two that read the same
    // quiet traces each built them, and the second's pass, refused on the first's content hashes,
    // marked every trace a duplicate of its own transcript. The others go on judging meanwhile.
    const { rows: [turn] } = await tx.query<{ mine: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtextextended('callboard:trace-assembly', 0)) AS "mine"`);
    if (!turn.mine) return;
    const { rows } = await tx.query<TraceRow>(quiet);
    report.more = rows.length === limit;
    if (rows.length === 0) return;
    const sessionIds = [...new Set(rows.flatMap((row) => (row.sessionId ? [row.sessionId] : [])))];
    const sessions = new Map<string, TraceRow[]>();
    if (sessionIds.length) {
      const { rows: members } = await tx.query<TraceRow>({ text: SESSIONS, values: [sessionIds], types: utcTimestamps });
      for (const member of members) sessions.set(member.sessionId!, [...(sessions.get(member.sessionId!) ?? []), member]);
    }
    const groups = groupsOf(rows, sessions);

    // Traces that are new (no transcript yet), the usual case, go in one batch of set-based statements.
    if (groups.every((group) => group.members.every((member) => member.transcriptId === null))) {
      await tx.query("SAVEPOINT assemble_pass");
      try {
        Object.assign(report, await assembleNewGroupsPostgres(tx, groups, now, options));
        await tx.query("RELEASE SAVEPOINT assemble_pass");
        return;
      } catch {
        // A row the database refused (a race on a unique hash, a value it cannot store): trace by trace below, so that it fails alone.
        await tx.query("ROLLBACK TO SAVEPOINT assemble_pass");
      }
    }
    // The spans of every group in one read, parsed where each group is assembled, so that a broken span fails its trace alone.
    const spans = await readSpans(tx, [...new Set(groups.flatMap((group) => group.members.map((member) => member.traceId)))]);
    await assembleGroupByGroup(tx, groups, spans, now, options, report);
  });
  return report;
}

/** Each group in a savepoint of its own: a trace that cannot be assembled is marked failed and the others go on. */
async function assembleGroupByGroup(
  tx: pg.ClientBase,
  groups: readonly TraceGroupToAssemble[],
  spansOf: (traceId: string) => OtelSpan[],
  now: Date,
  options: AssemblyOptions,
  report: AssemblyReport,
): Promise<void> {
  const at = now.toISOString();
  const done = (member: TraceRow, status: string, error: string | null, transcriptId: string | null) =>
    tx.query(DONE, [at, status, error, transcriptId, member.id, member.lastSpanAt.toISOString()]);
  for (const { row, members: group } of groups) {
    await tx.query("SAVEPOINT trace_group");
    try {
      const spans = group.flatMap((member) => spansOf(member.traceId));
      const outcome = importTraceSpans(spans, { file: `trace ${row.traceId}` }, options);
      const existing = group.find((member) => member.transcriptId !== null)?.transcriptId ?? null;
      if (!outcome.ok) {
        report.withoutLlm++;
        for (const member of group) await done(member, "no-llm", outcome.error.message, null);
      } else {
        refuseNulCharacters(outcome);
        const written = await writeTraceTranscriptPostgres(tx, outcome, existing, now);
        if (written.kind === "duplicate") {
          report.duplicates++;
          for (const member of group) await done(member, "duplicate", `the same conversation is already stored as transcript ${written.transcriptId}`, null);
        } else {
          report[written.kind]++;
          for (const member of group) await tx.query(ASSEMBLED, [at, "assembled", null, written.transcriptId, member.id, member.lastSpanAt.toISOString()]);
        }
      }
      await tx.query("RELEASE SAVEPOINT trace_group");
    } catch (error) {
      await tx.query("ROLLBACK TO SAVEPOINT trace_group");
      report.failed++;
      await done(row, "failed", `could not be assembled: ${error instanceof Error ? error.message : String(error)}`, null);
    }
  }
}

const UPDATE_TRANSCRIPT = `UPDATE "Transcript" SET "name" = $1, "format" = $2, "contentHash" = $3, "messages" = $4::jsonb, "tools" = $5::jsonb, "metadata" = $6::jsonb,
  "messageCount" = $7, "toolCallCount" = $8, "warningCount" = $9, "warnings" = $10::jsonb,
  ${METADATA_COLUMNS.map((column, i) => `"${column}" = $${11 + i}`).join(", ")} WHERE "id" = $${11 + METADATA_COLUMNS.length}`;
const UPDATE_CALL = `UPDATE "ToolCall" SET "callId" = $1, "messageIndex" = $2, "position" = $3, "ordinal" = $4, "toolName" = $5, "rawArguments" = $6,
  "parsedArguments" = $7::jsonb, "argumentsError" = $8, "responseIndex" = $9, "response" = $10 WHERE "id" = $11`;

/** write-transcript.ts's transcriptWriter, one trace at a time, inside the caller's transaction. */
async function writeTraceTranscriptPostgres(tx: pg.ClientBase, outcome: ImportSuccess, existingId: string | null, createdAt: Date): Promise<WriteOutcome> {
  const item = preparedTranscript(outcome);
  const [sameHash] = (await tx.query<{ id: string }>(`SELECT "id" FROM "Transcript" WHERE "contentHash" = $1`, [item.hash])).rows;
  const [current] = existingId ? (await tx.query<{ contentHash: string }>(`SELECT "contentHash" FROM "Transcript" WHERE "id" = $1`, [existingId])).rows : [];
  if (existingId && current) {
    if (current.contentHash === item.hash) return { kind: "unchanged", transcriptId: existingId };
    if (sameHash) return { kind: "duplicate", transcriptId: sameHash.id };
    const t = item.transcript;
    await tx.query(UPDATE_TRANSCRIPT, [
      item.name, item.format, item.hash, JSON.stringify(t.messages), JSON.stringify(t.tools), JSON.stringify(t.metadata),
      t.messages.length, item.sites.length, item.warnings.length, JSON.stringify(item.warnings), ...postgresMetadataColumnValues(t.metadata), existingId,
    ]);
    await reconcileCallsPostgres(tx, existingId, outcome);
    await announceArrivalsPostgres(tx, [existingId], createdAt);
    return { kind: "updated", transcriptId: existingId };
  }
  if (sameHash) return { kind: "duplicate", transcriptId: sameHash.id };
  const id = sortableUuid();
  await storeTranscriptRowsPostgres(tx, id, null, createdAt, item);
  await announceArrivalsPostgres(tx, [id], createdAt);
  return { kind: "created", transcriptId: id };
}

async function reconcileCallsPostgres(tx: pg.ClientBase, transcriptId: string, outcome: ImportSuccess): Promise<void> {
  const { rows: existing } = await tx.query<{ id: string; callId: string }>(`SELECT "id", "callId" FROM "ToolCall" WHERE "transcriptId" = $1 ORDER BY "ordinal"`, [transcriptId]);
  const byCallId = new Map<string, string[]>();
  for (const row of existing) byCallId.set(row.callId, [...(byCallId.get(row.callId) ?? []), row.id]);
  const matched = outcome.sites.map((site) => byCallId.get(site.callId)?.shift() ?? null);
  const kept = new Set(matched.filter((id): id is string => id !== null));
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length) await tx.query(`DELETE FROM "ToolCall" WHERE "id" = ANY($1::text[])`, [gone]);
  // Calls move when messages are inserted before them: park them first, since (transcript, message, position) is unique.
  for (const [i, id] of matched.entries()) if (id) await tx.query(`UPDATE "ToolCall" SET "messageIndex" = $1 WHERE "id" = $2`, [-1 - i, id]);
  const inserts: (string | number | null)[][] = [];
  for (const [i, site] of outcome.sites.entries()) {
    const parsed = site.arguments.ok && site.arguments.value !== null ? JSON.stringify(site.arguments.value) : null;
    const error = site.arguments.ok ? null : site.arguments.error;
    const id = matched[i];
    if (id) await tx.query(UPDATE_CALL, [site.callId, site.messageIndex, site.position, site.ordinal, site.toolName, site.rawArguments, parsed, error, site.responseIndex, site.response, id]);
    else inserts.push([sortableUuid(), transcriptId, site.callId, site.messageIndex, site.position, site.ordinal, site.toolName, site.rawArguments, parsed, error, site.responseIndex, site.response]);
  }
  await insertRowsUnnestPostgres(tx, "ToolCall", CALL_COLUMNS, inserts);
}

export const postgresTraceStore: TraceStore = { storeSpans: storeSpansPostgres, assembleQuietTraces: assembleQuietTracesPostgres };
