import type { PrismaClient } from "@/lib/generated/prisma/client";
import { METADATA_FIELDS_VERSION } from "@/lib/transcripts/metadata-fields";
import { withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { dialectOf } from "@/lib/platform/db/dialect";
import { METADATA_COLUMNS, METADATA_SET_SQL, metadataColumnValues, postgresMetadataColumnValues } from "./metadata-columns";

const BATCH = 500;
const STALE = `SELECT "id", "metadata" FROM "Transcript" WHERE "metadataVersion" < ? ORDER BY "id" LIMIT ?`;
const UPDATE = `UPDATE "Transcript" SET ${METADATA_SET_SQL} WHERE "id" = ?`;

/**
 * Fills the metadata columns of transcripts stored before them (or under older rules), by the
 * rules an import applies: the migration that added the columns leaves them empty, since SQL
 * would need its own copy of the key aliases. Short transactions, so a server that is already
 * serving is never held up long. Returns how many transcripts were filled.
 */
export async function fillMetadataColumns(prisma: PrismaClient): Promise<number> {
  if (dialectOf(prisma) === "postgresql") return fillMetadataColumnsPostgres(prisma);
  return withBulkConnection(prisma, (db) => {
    const stale = db.prepare<[number, number], { id: string; metadata: string }>(STALE);
    const update = db.prepare(UPDATE);
    const fill = db.transaction((rows: { id: string; metadata: string }[]) => {
      for (const row of rows) update.run(...metadataColumnValues(parseOrNull(row.metadata)), row.id);
    });
    let filled = 0;
    for (;;) {
      const rows = stale.all(METADATA_FIELDS_VERSION, BATCH);
      if (rows.length === 0) return filled;
      fill.immediate(rows);
      filled += rows.length;
    }
  });
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const STALE_PG = `SELECT "id", "metadata" FROM "Transcript" WHERE "metadataVersion" < $1 ORDER BY "id" LIMIT $2`;
const UPDATE_PG = `UPDATE "Transcript" SET ${METADATA_COLUMNS.map((column, i) => `"${column}" = $${i + 1}`).join(", ")} WHERE "id" = $${METADATA_COLUMNS.length + 1}`;

async function fillMetadataColumnsPostgres(prisma: PrismaClient): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await prisma.$queryRawUnsafe<{ id: string; metadata: unknown }[]>(STALE_PG, METADATA_FIELDS_VERSION, BATCH);
    if (rows.length === 0) return filled;
    await prisma.$transaction(async (tx) => {
      for (const row of rows) {
        // jsonb comes back parsed.
        const metadata = typeof row.metadata === "string" ? parseOrNull(row.metadata) : row.metadata;
        await tx.$executeRawUnsafe(UPDATE_PG, ...postgresMetadataColumnValues(metadata), row.id);
      }
    });
    filled += rows.length;
  }
}
