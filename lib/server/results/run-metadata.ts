import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

/** The transcripts a run judged: those of its results' calls. */
export function runTranscriptIdsSql(runId: string): Prisma.Sql {
  return Prisma.sql`SELECT DISTINCT tc."transcriptId" FROM "Evaluation" e JOIN "ToolCall" tc ON tc."id" = e."toolCallId" WHERE e."runId" = ${runId}`;
}

export interface RunMetadataValues {
  models: string[];
  tasks: string[];
  tags: string[];
  /** Whether any of the run's transcripts has an outcome in its metadata. */
  outcomes: boolean;
}

const LIMIT = 500;

/** The metadata values of a run's transcripts: the filters' choices, and which metadata columns hold anything. */
export async function runMetadataValues(prisma: PrismaClient, runId: string): Promise<RunMetadataValues> {
  const distinct = async (column: "model" | "taskId") => {
    const rows = await prisma.$queryRaw<{ value: unknown }[]>(Prisma.sql`
      WITH judged AS MATERIALIZED (${runTranscriptIdsSql(runId)})
      SELECT DISTINCT t.${Prisma.raw(`"${column}"`)} AS value FROM "Transcript" t WHERE t."id" IN (SELECT "transcriptId" FROM judged) AND t.${Prisma.raw(`"${column}"`)} IS NOT NULL
      ORDER BY value LIMIT ${LIMIT}`);
    return rows.flatMap((row) => (typeof row.value === "string" ? [row.value] : []));
  };
  const models = await distinct("model");
  const tasks = await distinct("taskId");
  const tags = await prisma.$queryRaw<{ value: unknown }[]>(Prisma.sql`
    WITH judged AS MATERIALIZED (${runTranscriptIdsSql(runId)})
    SELECT DISTINCT j."value" AS value FROM "Transcript" t, json_each(t."tags") j
    WHERE t."id" IN (SELECT "transcriptId" FROM judged) AND t."tags" IS NOT NULL ORDER BY value LIMIT ${LIMIT}`);
  const [outcome] = await prisma.$queryRaw<{ found: unknown }[]>(Prisma.sql`
    WITH judged AS MATERIALIZED (${runTranscriptIdsSql(runId)})
    SELECT EXISTS (SELECT 1 FROM "Transcript" t WHERE t."id" IN (SELECT "transcriptId" FROM judged) AND t."success" IS NOT NULL) AS found`);
  return {
    models,
    tasks,
    tags: tags.flatMap((row) => (typeof row.value === "string" ? [row.value] : [])),
    outcomes: Number(outcome?.found ?? 0) > 0,
  };
}
