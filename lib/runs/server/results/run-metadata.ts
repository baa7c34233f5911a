import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";

/**
 * The transcripts a run judged: those with a call that has a result in the run. A probe per call
 * on (runId, toolCallId), as the run page's unfiltered list does, rather than a scan of the
 * run's results, which are several per call.
 */
export function runTranscriptIdsSql(runId: string): Prisma.Sql {
  return Prisma.sql`SELECT DISTINCT tc."transcriptId" AS id FROM "ToolCall" tc WHERE EXISTS (SELECT 1 FROM "Evaluation" e WHERE e."runId" = ${runId} AND e."toolCallId" = tc."id")`;
}

export interface RunMetadataValues {
  models: string[];
  tasks: string[];
  tags: string[];
  /** Whether any of the run's transcripts has an outcome in its metadata. */
  outcomes: boolean;
}

const LIMIT = 500;

/**
 * The metadata values of a run's transcripts: the filters' choices, and which metadata columns
 * hold anything. One statement, so the run's transcripts are found once.
 */
export async function runMetadataValues(prisma: PrismaClient, runId: string): Promise<RunMetadataValues> {
  const rows = await prisma.$queryRaw<{ kind: string; value: unknown }[]>(Prisma.sql`
    WITH judged AS MATERIALIZED (${runTranscriptIdsSql(runId)}),
      t AS MATERIALIZED (SELECT "model", "taskId", "tags", "success" FROM "Transcript" WHERE "id" IN (SELECT id FROM judged))
    SELECT 'model' AS kind, value FROM (SELECT DISTINCT "model" AS value FROM t WHERE "model" IS NOT NULL ORDER BY value LIMIT ${LIMIT}) AS models
    UNION ALL SELECT 'task', value FROM (SELECT DISTINCT "taskId" AS value FROM t WHERE "taskId" IS NOT NULL ORDER BY value LIMIT ${LIMIT}) AS tasks
    UNION ALL SELECT 'tag', value FROM (SELECT DISTINCT j."value" AS value FROM t, ${sqlDialect(prisma).jsonTextElements(Prisma.sql`t."tags"`, "j")} WHERE t."tags" IS NOT NULL ORDER BY value LIMIT ${LIMIT}) AS tags
    UNION ALL SELECT 'outcome', 'yes' WHERE EXISTS (SELECT 1 FROM t WHERE "success" IS NOT NULL)`);
  const of = (kind: string) => rows.flatMap((row) => (row.kind === kind && typeof row.value === "string" ? [row.value] : []));
  return { models: of("model").sort(), tasks: of("task").sort(), tags: of("tag").sort(), outcomes: rows.some((row) => row.kind === "outcome") };
}
