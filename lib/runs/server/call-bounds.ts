import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

/*
 * A run's call bounds (Run.callsFrom and Run.callsTo): the earliest and the latest createdAt of
 * the transcripts whose calls have results in the run. The run's list of calls walks Transcript's
 * (createdAt, id) index between them (run-call-list.ts), so a monitor's run of this week's traces
 * finds its first page among its own transcripts instead of probing every older one for a result.
 *
 * A bound too narrow would hide calls, one too wide only costs a longer walk: so every writer of
 * Evaluation rows widens them in the transaction that inserts the rows, and nothing narrows them
 * (a transcript deleted leaves them as they were).
 */

/**
 * The statement around its two holes: a query of the tool-call ids being given results, then the
 * run's id. One statement for SQLite and PostgreSQL: MIN and MAX skip the NULL of a run without
 * results, and a batch whose calls are all gone leaves the bounds as they were.
 */
const WIDEN = [
  `WITH batch AS (
  SELECT MIN(t."createdAt") AS lo, MAX(t."createdAt") AS hi
  FROM "ToolCall" tc JOIN "Transcript" t ON t."id" = tc."transcriptId"
  WHERE tc."id" IN (`,
  `))
UPDATE "Run" SET
  "callsFrom" = (SELECT MIN(b.v) FROM (SELECT "Run"."callsFrom" AS v UNION ALL SELECT lo FROM batch) AS b),
  "callsTo" = (SELECT MAX(b.v) FROM (SELECT "Run"."callsTo" AS v UNION ALL SELECT hi FROM batch) AS b)
WHERE "id" = `,
  ``,
] as const;

/** For the worker's own statements: `calls` selects the ids, `run` is the run id's placeholder. */
export function widenCallBoundsSql(calls: string, run: string): string {
  return `${WIDEN[0]}${calls}${WIDEN[1]}${run}${WIDEN[2]}`;
}

/** Widens the run's bounds to the transcripts of these calls, which are being given results in this transaction. */
export async function widenCallBounds(tx: Prisma.TransactionClient, runId: string, toolCallIds: readonly string[]): Promise<void> {
  if (!toolCallIds.length) return;
  await tx.$executeRaw(Prisma.sql(WIDEN, Prisma.join(toolCallIds), runId));
}

/** A run's bounds as the database gave them, to go back into its queries as values. Null: the run has no results. */
export interface CallBounds {
  from: unknown;
  to: unknown;
}

/** The run's bounds. Read first and given as values: PostgreSQL plans by them, where a subquery's value would be a guess. */
export async function readCallBounds(prisma: PrismaClient, runId: string): Promise<CallBounds> {
  const [row] = await prisma.$queryRaw<{ from: unknown; to: unknown }[]>(Prisma.sql`SELECT "callsFrom" AS "from", "callsTo" AS "to" FROM "Run" WHERE "id" = ${runId}`);
  return { from: row?.from ?? null, to: row?.to ?? null };
}

/**
 * The condition that keeps `t` (a Transcript) within the run's bounds: a range on the first column
 * of Transcript's (createdAt, id) index, which the databases start and end a walk at. NULL bounds
 * (a run without results) keep no transcript.
 */
export function withinCallBounds(bounds: CallBounds): Prisma.Sql {
  return Prisma.sql`t."createdAt" >= ${bounds.from} AND t."createdAt" <= ${bounds.to}`;
}

/**
 * The run's bounds recomputed from all its results, `run` being the run id's placeholder: for rows
 * written past the writers above (the bench's seed), as the migration that added the bounds did.
 * The run's calls first, from the results' (runId, toolCallId) index alone, so that it joins each
 * call, not each result, to its transcript.
 */
export function boundsFromResultsSql(run: string): string {
  return `UPDATE "Run" SET ("callsFrom", "callsTo") = (
  SELECT MIN(t."createdAt"), MAX(t."createdAt")
  FROM (SELECT DISTINCT e."toolCallId" AS id FROM "Evaluation" e WHERE e."runId" = "Run"."id") AS d
  JOIN "ToolCall" tc ON tc."id" = d.id JOIN "Transcript" t ON t."id" = tc."transcriptId")
WHERE "id" = ${run}`;
}

/** boundsFromResultsSql through Prisma, on either database: for tests and benches that change transcripts under a run. */
export async function recomputeCallBounds(prisma: PrismaClient, runId: string): Promise<void> {
  await prisma.$executeRaw(Prisma.sql(boundsFromResultsSql("\u0000").split("\u0000"), runId));
}
