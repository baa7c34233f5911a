import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect, type SqlDialect } from "@/lib/platform/db/dialect-sql";
import { foldGroups, outcomeKey, tagCountRows, type GroupCountRow, type MetadataGroup } from "@/lib/transcripts/metadata-groups";
import type { TranscriptGroup, TranscriptListQuery } from "@/lib/transcripts/schemas/transcripts";
import { visibleTranscript, visibleTranscriptSql } from "./uploads/visible";
import { visibleToolNames } from "./uploads/visible-counts";
import { parseTags } from "./metadata-columns";

export interface TranscriptListRow {
  id: string;
  name: string;
  format: string;
  messageCount: number;
  toolCallCount: number;
  warningCount: number;
  uploadId: string | null;
  createdAt: string;
  model: string | null;
  taskId: string | null;
  trial: string | null;
  tags: string[];
  reward: number | null;
  success: boolean | null;
}

type MetadataFilter = Pick<TranscriptListQuery, "model" | "task" | "tag" | "outcome">;

/**
 * The metadata filters, by the same rules as the run page's (results/run-call-filters.ts
 * metadataConditions). Text matches ignore case on both databases (`dialect`: sqlDialect).
 */
export function metadataWhere(query: MetadataFilter, dialect: SqlDialect): Prisma.TranscriptWhereInput {
  const where: Prisma.TranscriptWhereInput = {};
  if (query.model) where.model = query.model;
  if (query.task) where.taskId = query.task;
  // Tags are a JSON list of strings: the quoted tag matches one whole element.
  if (query.tag) where.tags = dialect.containsIgnoringCase(JSON.stringify(query.tag));
  if (query.outcome) where.success = query.outcome === "unknown" ? null : query.outcome === "success";
  return where;
}

function whereFor(query: TranscriptListQuery, dialect: SqlDialect): Prisma.TranscriptWhereInput {
  const where: Prisma.TranscriptWhereInput = { ...visibleTranscript, ...metadataWhere(query, dialect) };
  if (query.q) where.name = dialect.containsIgnoringCase(query.q);
  if (query.tool) where.toolCalls = { some: { toolName: query.tool } };
  if (query.upload) where.uploadId = query.upload;
  if (query.warnings) where.warningCount = query.warnings === "yes" ? { gt: 0 } : 0;
  if (query.from || query.to) {
    // Dates are whole UTC days (calendar days: lib/platform/schemas/url-text.ts); "to" includes the whole of that
    // day, up to its last millisecond (createdAt's precision) rather than the next day, which after
    // 9999-12-31 is a year no database stores.
    where.createdAt = {
      ...(query.from ? { gte: new Date(`${query.from}T00:00:00.000Z`) } : {}),
      ...(query.to ? { lte: new Date(`${query.to}T23:59:59.999Z`) } : {}),
    };
  }
  return where;
}

export async function listTranscripts(prisma: PrismaClient, query: TranscriptListQuery): Promise<{ rows: TranscriptListRow[]; total: number }> {
  const where = whereFor(query, sqlDialect(prisma));
  // Transcripts without a reward sort after those with one, in either direction.
  const order: Prisma.TranscriptOrderByWithRelationInput = query.sort === "reward" ? { reward: { sort: query.dir, nulls: "last" } } : { [query.sort]: query.dir };
  const [rows, total] = await Promise.all([
    prisma.transcript.findMany({
      where,
      orderBy: [order, { id: "asc" }],
      skip: (query.page - 1) * query.size,
      take: query.size,
      select: {
        id: true,
        name: true,
        format: true,
        messageCount: true,
        toolCallCount: true,
        warningCount: true,
        uploadId: true,
        createdAt: true,
        model: true,
        taskId: true,
        trial: true,
        tags: true,
        reward: true,
        success: true,
      },
    }),
    prisma.transcript.count({ where }),
  ]);
  return { rows: rows.map((row) => ({ ...row, tags: parseTags(row.tags), createdAt: row.createdAt.toISOString() })), total };
}

/**
 * The listed transcripts grouped by a metadata field, with their outcomes. Model, task and
 * outcome are GROUP BYs on indexed columns; tags, a JSON list, are counted from the rows' small
 * columns.
 */
export async function groupTranscripts(prisma: PrismaClient, query: TranscriptListQuery, by: TranscriptGroup): Promise<{ groups: MetadataGroup[]; more: number }> {
  const where = whereFor(query, sqlDialect(prisma));
  if (by === "tag") {
    const rows = await prisma.transcript.findMany({ where, select: { tags: true, success: true, reward: true } });
    return foldGroups(tagCountRows(rows.map((row) => ({ ...row, tags: parseTags(row.tags) }))));
  }
  const counts = { where, _count: { _all: true, reward: true }, _sum: { reward: true } } as const;
  const row = (key: string | null, g: { success: boolean | null; _count: { _all: number; reward: number }; _sum: { reward: number | null } }): GroupCountRow => ({
    key,
    success: g.success,
    transcripts: g._count._all,
    rewardSum: g._sum.reward ?? 0,
    rewarded: g._count.reward,
  });
  if (by === "model") return foldGroups((await prisma.transcript.groupBy({ by: ["model", "success"], ...counts })).map((g) => row(g.model, g)));
  if (by === "task") return foldGroups((await prisma.transcript.groupBy({ by: ["taskId", "success"], ...counts })).map((g) => row(g.taskId, g)));
  return foldGroups((await prisma.transcript.groupBy({ by: ["success"], ...counts })).map((g) => row(outcomeKey(g.success), g)));
}

/** Tool names present in shown transcripts' calls, for the filter's suggestions. */
export async function listToolNames(prisma: PrismaClient): Promise<string[]> {
  return visibleToolNames(prisma, 500);
}

/** Whether any transcript is shown at all (an empty list then says how to upload, not "no match"). */
export async function hasAnyTranscript(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.transcript.count({ where: visibleTranscript, take: 1 })) > 0;
}

export interface MetadataValues {
  models: string[];
  tasks: string[];
  tags: string[];
  /** Whether any shown transcript has an outcome (success or failure) in its metadata. */
  outcomes: boolean;
}

const SUGGESTIONS = 500;

/**
 * The metadata values of shown transcripts, for the filters' choices and to show only columns that
 * hold something. DISTINCT in SQL, on the columns' indexes: Prisma's `distinct` would read every row.
 */
export async function listMetadataValues(prisma: PrismaClient): Promise<MetadataValues> {
  const visible = Prisma.raw(visibleTranscriptSql('t."id"'));
  const tagElements = sqlDialect(prisma).jsonTextElements(Prisma.sql`t."tags"`, "j");
  const rows = await prisma.$queryRaw<{ kind: string; value: unknown }[]>(Prisma.sql`
    SELECT 'model' AS kind, value FROM (SELECT DISTINCT t."model" AS value FROM "Transcript" t WHERE t."model" IS NOT NULL AND ${visible} ORDER BY value LIMIT ${SUGGESTIONS}) AS models
    UNION ALL SELECT 'task', value FROM (SELECT DISTINCT t."taskId" AS value FROM "Transcript" t WHERE t."taskId" IS NOT NULL AND ${visible} ORDER BY value LIMIT ${SUGGESTIONS}) AS tasks
    UNION ALL SELECT 'tag', value FROM (SELECT DISTINCT j."value" AS value FROM "Transcript" t, ${tagElements} WHERE t."tags" IS NOT NULL AND ${visible} ORDER BY value LIMIT ${SUGGESTIONS}) AS tags
    UNION ALL SELECT 'outcome', 'yes' WHERE EXISTS (SELECT 1 FROM "Transcript" t WHERE t."success" IS NOT NULL AND ${visible})`);
  const of = (kind: string) => rows.flatMap((row) => (row.kind === kind && typeof row.value === "string" ? [row.value] : [])).sort();
  return { models: of("model"), tasks: of("task"), tags: of("tag"), outcomes: rows.some((row) => row.kind === "outcome") };
}
