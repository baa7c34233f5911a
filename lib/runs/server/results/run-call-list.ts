import { Prisma } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { callConditions } from "./run-call-filters";
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
export function listedCalls(runId: string, view: RunView): ListedCalls {
  const { joins, columns, keys, indexedKeys } = ordering(runId, view);
  // Transcripts first: in the transcript order, the databases walk Transcript's (createdAt, id)
  // index and each transcript's calls by (transcriptId, ordinal), so a page stops after its rows
  // instead of sorting every call of the run.
  const sql = Prisma.sql`SELECT tc."id" AS id, ${Prisma.join(columns, ", ")}
    FROM "Transcript" t JOIN "ToolCall" tc ON tc."transcriptId" = t."id" ${joins}
    WHERE ${Prisma.join(callConditions(runId, view), " AND ")}`;
  return { sql, keys, indexedKeys };
}
