import type Database from "better-sqlite3";
import type pg from "pg";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { sqliteDateTime } from "@/lib/platform/db/bulk-writer";

/*
 * A transcript "arrives" when it becomes visible: stored outside a file import, its file
 * completed, or its trace assembled or changed by late spans. Each arrival goes into the inbox of
 * every monitor that is not paused (MonitorInbox), in the transaction that makes the transcript
 * visible, so a crash between the two can neither lose it nor show it unannounced. The worker
 * takes it from there (lib/monitors/server/take-arrivals.ts). With no monitor, the statements
 * insert nothing.
 */

const SQLITE = `INSERT INTO "MonitorInbox" ("monitorId", "transcriptId", "arrivedAt")
SELECT m."id", j."value", ? FROM "Monitor" m, json_each(?) AS j WHERE m."paused" = 0
ON CONFLICT ("monitorId", "transcriptId") DO NOTHING`;

const POSTGRES = `INSERT INTO "MonitorInbox" ("monitorId", "transcriptId", "arrivedAt")
SELECT m."id", t."id", $2 FROM "Monitor" m CROSS JOIN unnest($1::text[]) AS t("id") WHERE NOT m."paused"
ON CONFLICT ("monitorId", "transcriptId") DO NOTHING`;

/** Announces `ids` on SQLite's connection, inside the caller's transaction. */
export function announceArrivalsSqlite(db: Database.Database, ids: readonly string[], now: Date = new Date()): void {
  if (ids.length) db.prepare(SQLITE).run(sqliteDateTime(now), JSON.stringify(ids));
}

/** Announces `ids` on a PostgreSQL client, inside the caller's transaction. */
export async function announceArrivalsPostgres(tx: Pick<pg.ClientBase, "query">, ids: readonly string[], now: Date = new Date()): Promise<void> {
  if (ids.length) await tx.query(POSTGRES, [ids, now]);
}

/** Announces the transcripts of a file import that completes, inside the caller's Prisma transaction. */
export async function announceImportArrivals(tx: Prisma.TransactionClient, importId: string, now: Date = new Date()): Promise<void> {
  // Prisma's raw DateTime parameter is written as each database's own DateTime column expects it.
  const at = sqlDialect(tx).provider === "sqlite" ? sqliteDateTime(now) : now;
  await tx.$executeRaw(Prisma.sql`INSERT INTO "MonitorInbox" ("monitorId", "transcriptId", "arrivedAt")
    SELECT m."id", p."transcriptId", ${at} FROM "PendingTranscript" p, "Monitor" m WHERE p."importId" = ${importId} AND m."paused" = false
    ON CONFLICT ("monitorId", "transcriptId") DO NOTHING`);
}
