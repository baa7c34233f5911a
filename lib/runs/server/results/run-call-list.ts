import { Prisma } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { withinCallBounds } from "../call-bounds";
import { callConditions, type CallConditionOptions } from "./run-call-filters";
import { ordering, type OrderKey } from "./run-call-order";

/*
 * The run page's list of calls (its filters and its order) as one SQL query, `listed`, with the
 * call id and the sort keys as columns: the ids page, the count, the neighbours of a call and
 * the export's aggregates all read it.
 */

export interface ListedCalls {
  /** SELECT id, k0, k1, … : the view's calls, unordered. */
  sql: Prisma.Sql;
  keys: OrderKey[];
  /** Leading keys that are one index's columns (see Ordering). */
  indexedKeys: number;
}

/** The view's calls, with the keys of its order. */
export function listedCalls(runId: string, view: RunView, options: CallConditionOptions = {}): ListedCalls {
  const { joins, columns, keys, indexedKeys } = ordering(runId, view);
  // Transcripts first: in the transcript order, the databases walk Transcript's (createdAt, id)
  // index and each transcript's calls by (transcriptId, ordinal), so a page stops after its rows
  // instead of sorting every call of the run.
  // Walking (run-call-walk.ts), the transcripts must be the outer loop: SQLite keeps the left table
  // of a CROSS JOIN outside, where it otherwise scanned every call and sorted them (PostgreSQL
  // reads a CROSS JOIN with its condition as the join it is).
  const from = options.walk
    ? Prisma.sql`"Transcript" t CROSS JOIN "ToolCall" tc ${joins}
    WHERE tc."transcriptId" = t."id" AND `
    : Prisma.sql`"Transcript" t JOIN "ToolCall" tc ON tc."transcriptId" = t."id" ${joins}
    WHERE `;
  // Within the run's bounds, when given: a run of recent transcripts does not walk the older ones.
  const conditions = [...(options.bounds ? [withinCallBounds(options.bounds)] : []), ...callConditions(runId, view, options)];
  const sql = Prisma.sql`SELECT tc."id" AS id, ${Prisma.join(columns, ", ")}
    FROM ${from}${Prisma.join(conditions, " AND ")}`;
  return { sql, keys, indexedKeys };
}
