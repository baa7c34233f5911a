import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { AssembleOptions } from "@/lib/transcripts/otlp/assemble";
import { importTraceSpans } from "@/lib/transcripts/otlp/import-trace";
import type { OtelSpan } from "@/lib/transcripts/otlp/span";
import type { SqlValue } from "../db/multi-row-insert";
import { preparedTranscript } from "../transcripts/store";
import { callRows, insertTranscriptRowsPostgres, transcriptRow } from "../transcripts/store-postgres";
import type { AssemblyReport } from "./assemble-quiet-traces";

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

/**
 * Assembles groups none of which has a transcript yet, with one statement per table for the whole
 * pass (the hash lookup, the transcripts, their calls, the groups) instead of several per trace.
 * The outcome is the one of assembling them one by one in this order: a trace without an LLM span
 * or whose assembly throws is marked so, and a conversation seen earlier (stored, or made earlier in
 * the pass) is a duplicate. A database error (a value PostgreSQL cannot store, a race on a unique
 * hash) throws: the caller rolls the pass back and assembles trace by trace, each in its savepoint.
 */
export async function assembleNewGroupsPostgres(
  tx: pg.ClientBase,
  groups: readonly TraceGroupToAssemble[],
  spansOf: (traceId: string) => OtelSpan[],
  now: Date,
  options: AssembleOptions,
): Promise<AssemblyCounts> {
  const counts: AssemblyCounts = { created: 0, updated: 0, unchanged: 0, duplicates: 0, withoutLlm: 0, failed: 0 };
  const updates: GroupUpdate[] = [];
  const built: { members: GroupRow[]; item: ReturnType<typeof preparedTranscript> }[] = [];
  for (const { row, members } of groups) {
    try {
      const spans = members.flatMap((member) => spansOf(member.traceId));
      const outcome = importTraceSpans(spans, { file: `trace ${row.traceId}` }, options);
      if (!outcome.ok) {
        counts.withoutLlm++;
        for (const member of members) updates.push({ member, status: "no-llm", error: outcome.error.message, transcriptId: null });
      } else {
        built.push({ members, item: preparedTranscript(outcome) });
      }
    } catch (error) {
      counts.failed++;
      updates.push({ member: row, status: "failed", error: `could not be assembled: ${error instanceof Error ? error.message : String(error)}`, transcriptId: null });
    }
  }
  const hashes = [...new Set(built.map(({ item }) => item.hash))];
  const known = new Map<string, string>();
  if (hashes.length) for (const found of (await tx.query<{ id: string; contentHash: string }>(FIND_HASHES, [hashes])).rows) known.set(found.contentHash, found.id);
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
  await insertTranscriptRowsPostgres(tx, transcripts, calls);
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
