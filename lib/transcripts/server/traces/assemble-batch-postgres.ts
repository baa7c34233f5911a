import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { AssembleOptions } from "@/lib/transcripts/otlp/assemble";
import { refuseNulCharacters } from "@/lib/transcripts/nul-characters";
import { importTraceSpans } from "@/lib/transcripts/otlp/import-trace";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import type { SqlValue } from "@/lib/platform/db/multi-row-insert";
import { preparedTranscript } from "../store";
import { callRows, insertTranscriptRowsPostgres, transcriptRow } from "../transcript-store/postgres";
import type { AssemblyReport } from "./trace-store-types";

export interface GroupRow {
  id: string;
  traceId: string;
  sessionId: string | null;
  lastSpanAt: Date;
  transcriptId: string | null;
}

/** The traces assembled as one transcript: a quiet trace and the other traces of its session. */
export interface TraceGroupToAssemble {
  row: GroupRow;
  members: GroupRow[];
}

export type AssemblyCounts = Omit<AssemblyReport, "more">;

interface GroupUpdate {
  member: GroupRow;
  status: string;
  error: string | null;
  /** Set for an assembled group: linked even when a span came meanwhile (it stays pending then). */
  transcriptId: string | null;
}

// traces/postgres.ts's DONE and ASSEMBLED for a whole pass in one statement: the outcome is written
// only if no span came in meanwhile (lastSpanAt unchanged), the link to a new transcript always.
const UPDATE_GROUPS = `UPDATE "TraceGroup" AS g SET
  "transcriptId" = COALESCE(u."transcriptId", g."transcriptId"),
  "pending" = CASE WHEN g."lastSpanAt" = u."lastSpanAt"::timestamp(3) THEN FALSE ELSE g."pending" END,
  "assembledAt" = CASE WHEN g."lastSpanAt" = u."lastSpanAt"::timestamp(3) THEN $6 ELSE g."assembledAt" END,
  "status" = CASE WHEN g."lastSpanAt" = u."lastSpanAt"::timestamp(3) THEN u."status" ELSE g."status" END,
  "error" = CASE WHEN g."lastSpanAt" = u."lastSpanAt"::timestamp(3) THEN u."error" ELSE g."error" END
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u("id", "lastSpanAt", "status", "error", "transcriptId")
WHERE g."id" = u."id" AND (u."transcriptId" IS NOT NULL OR g."lastSpanAt" = u."lastSpanAt"::timestamp(3))`;
const FIND_HASHES = `SELECT "id", "contentHash" FROM "Transcript" WHERE "contentHash" = ANY($1::text[])`;
const SPANS = `SELECT "traceId", "data" FROM "TraceSpan" WHERE "traceId" = ANY($1::text[])`;
// Groups per step of the pipeline below: small enough that a step's spans (about 350 kB) fit in the
// connection's socket buffers while this process is busy, large enough to keep statements few.
const STEP_GROUPS = 25;

type Built = { members: GroupRow[]; item: ReturnType<typeof preparedTranscript> };

/** A statement queued on the connection, awaited later; its failure is seen then, not as an unhandled rejection. */
function queued<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A group's spans, parsed: a span that is not JSON fails its group alone. */
function spansOf(rows: readonly SpanRow[]): (traceId: string) => OtelSpan[] {
  const byTrace = new Map<string, string[]>();
  for (const row of rows) byTrace.set(row.traceId, [...(byTrace.get(row.traceId) ?? []), row.data]);
  return (traceId) => (byTrace.get(traceId) ?? []).map((data) => JSON.parse(data) as OtelSpan);
}

type SpanRow = { traceId: string; data: string };

/** The stored spans of `traceIds`, by trace, parsed on demand. */
export async function readSpans(tx: pg.ClientBase, traceIds: readonly string[]): Promise<(traceId: string) => OtelSpan[]> {
  return spansOf((await tx.query<SpanRow>(SPANS, [traceIds])).rows);
}

/**
 * Assembles groups none of which has a transcript yet, with a few statements per table for the
 * whole pass (the hash lookups, the transcripts, their calls, the groups) instead of several per
 * trace. The outcome is the one of assembling them one by one in this order: a trace without an
 * LLM span or whose assembly throws is marked so, and a conversation seen earlier (stored, or made
 * earlier in the pass) is a duplicate. A database error (a value PostgreSQL cannot store, a race on
 * a unique hash) throws: the caller rolls the pass back and assembles trace by trace, each in its
 * savepoint.
 *
 * Pipelined, in steps of STEP_GROUPS groups: every step's spans are asked for at once, a step's
 * hash lookup is awaited only once the next step is assembled, and its rows are written while
 * the next is; this process yields between groups so that the connection sends what is queued.
 * The server reads and writes while this process assembles, instead of each waiting for the
 * other (OTLP assembly of bench:import, 10,000 traces: 6.4-8.3 s -> 5.6-6.3 s; SQLite 5.5 s).
 */
export async function assembleNewGroupsPostgres(tx: pg.ClientBase, groups: readonly TraceGroupToAssemble[], now: Date, options: AssembleOptions): Promise<AssemblyCounts> {
  const counts: AssemblyCounts = { created: 0, updated: 0, unchanged: 0, duplicates: 0, withoutLlm: 0, failed: 0 };
  const updates: GroupUpdate[] = [];
  const steps: TraceGroupToAssemble[][] = [];
  for (let start = 0; start < groups.length; start += STEP_GROUPS) steps.push(groups.slice(start, start + STEP_GROUPS));
  const reads = steps.map((step) => queued(tx.query<SpanRow>(SPANS, [[...new Set(step.flatMap((group) => group.members.map((member) => member.traceId)))]])));
  const writes: Promise<unknown>[] = [];
  // Hash -> transcript: stored before this pass (as the lookups find them) or made earlier in it.
  const known = new Map<string, string>();

  const write = async (built: readonly Built[], lookup: Promise<pg.QueryResult<{ id: string; contentHash: string }>>) => {
    for (const found of (await lookup).rows) if (!known.has(found.contentHash)) known.set(found.contentHash, found.id);
    const transcripts: SqlValue[][] = [];
    const calls: SqlValue[][] = [];
    for (const { members, item } of built) {
      const sameHash = known.get(item.hash);
      if (sameHash !== undefined) {
        // Not linked: a later change of this trace must not rewrite the other transcript.
        counts.duplicates++;
        for (const member of members) updates.push({ member, status: "duplicate", error: `the same conversation is already stored as transcript ${sameHash}`, transcriptId: null });
        continue;
      }
      const id = randomUUID();
      known.set(item.hash, id);
      counts.created++;
      transcripts.push(transcriptRow(id, null, now, item));
      calls.push(...callRows(id, item));
      for (const member of members) updates.push({ member, status: "assembled", error: null, transcriptId: id });
    }
    writes.push(queued(insertTranscriptRowsPostgres(tx, transcripts, calls)));
  };

  let previous: { built: Built[]; lookup: Promise<pg.QueryResult<{ id: string; contentHash: string }>> } | null = null;
  for (const [i, step] of steps.entries()) {
    const spans = spansOf((await reads[i]).rows);
    const built: Built[] = [];
    for (const { row, members } of step) {
      try {
        const outcome = importTraceSpans(members.flatMap((member) => spans(member.traceId)), { file: `trace ${row.traceId}` }, options);
        if (!outcome.ok) {
          counts.withoutLlm++;
          for (const member of members) updates.push({ member, status: "no-llm", error: outcome.error.message, transcriptId: null });
        } else {
          refuseNulCharacters(outcome);
          built.push({ members, item: preparedTranscript(outcome) });
        }
      } catch (error) {
        counts.failed++;
        updates.push({ member: row, status: "failed", error: `could not be assembled: ${error instanceof Error ? error.message : String(error)}`, transcriptId: null });
      }
      await nextTurn();
    }
    const lookup = queued(tx.query<{ id: string; contentHash: string }>(FIND_HASHES, [[...new Set(built.map(({ item }) => item.hash))]]));
    if (previous) await write(previous.built, previous.lookup);
    previous = { built, lookup };
  }
  if (previous) await write(previous.built, previous.lookup);
  await Promise.all(writes);
  if (updates.length) {
    // In id order, so that two passes updating the same groups lock them in the same order.
    updates.sort((a, b) => (a.member.id < b.member.id ? -1 : a.member.id > b.member.id ? 1 : 0));
    await tx.query(UPDATE_GROUPS, [
      updates.map((u) => u.member.id),
      updates.map((u) => u.member.lastSpanAt.toISOString()),
      updates.map((u) => u.status),
      updates.map((u) => u.error),
      updates.map((u) => u.transcriptId),
      now.toISOString(),
    ]);
  }
  return counts;
}
