import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { MetadataGroupsTable } from "@/components/transcripts/metadata-groups-table";
import { TranscriptFilters } from "@/components/transcripts/transcript-filters";
import { TranscriptsTable } from "@/components/transcripts/transcripts-table";
import { can } from "@/lib/accounts/roles";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { groupTranscripts, hasAnyTranscript, listMetadataValues, listToolNames, listTranscripts } from "@/lib/transcripts/server/list";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { transcriptListQuerySchema, type TranscriptGroup, type TranscriptListQuery } from "@/lib/transcripts/schemas/transcripts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Transcripts" };

export default async function TranscriptsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePageUser();
  const canUpload = can(user.role, "upload");
  const query = transcriptListQuerySchema.parse(firstValues(await searchParams));
  const prisma = getPrisma();
  const [{ rows, total }, toolNames, anyStored, metadata, grouped] = await Promise.all([
    listTranscripts(prisma, query),
    listToolNames(prisma),
    hasAnyTranscript(prisma),
    listMetadataValues(prisma),
    query.group ? groupTranscripts(prisma, query, query.group) : null,
  ]);
  const shown = { model: metadata.models.length > 0, task: metadata.tasks.length > 0, tags: metadata.tags.length > 0, outcome: metadata.outcomes };
  return (
    <>
      <PageHeader title="Transcripts" description="Agent conversations and every tool call they contain.">
        {canUpload ? (
          <Link href="/transcripts/upload" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            Upload transcripts
          </Link>
        ) : null}
      </PageHeader>
      {!anyStored ? (
        <EmptyState title="No transcripts yet">
          Transcripts are agent conversations in OpenAI chat format: <code className="font-mono">messages</code> with assistant{" "}
          <code className="font-mono">tool_calls</code> and <code className="font-mono">tool</code> replies, plus the{" "}
          <code className="font-mono">tools</code> offered. Send them with <code className="font-mono">POST /api/transcripts</code>
          , <Link href="/transcripts/upload" className="text-indigo-700 underline">upload them here</Link>, or load the demo set
          with <code className="font-mono">npm run db:reset</code>.
        </EmptyState>
      ) : (
        <>
          {query.upload ? (
            <p className="mb-3 text-sm">
              Showing one upload only. <Link href="/transcripts" className="text-indigo-700 underline">Show all transcripts</Link>
            </p>
          ) : null}
          <TranscriptFilters values={query} toolNames={toolNames} metadata={metadata} />
          {query.group && grouped ? (
            <MetadataGroupsTable
              label={GROUP_LABELS[query.group]}
              groups={grouped.groups}
              more={grouped.more}
              hrefFor={(key) => groupHref(query, query.group ?? "model", key)}
              display={query.group === "outcome" ? (key) => (key === "success" ? "Success" : "Failure") : undefined}
            />
          ) : null}
          <TranscriptsTable rows={rows} total={total} sort={query.sort} dir={query.dir} page={query.page} size={query.size} shown={shown} />
        </>
      )}
    </>
  );
}

const GROUP_LABELS: Record<TranscriptGroup, string> = { model: "Model", task: "Task", tag: "Tag", outcome: "Outcome" };

/** The list filtered to one group, keeping the other filters (and no grouping); each group is named as its filter. */
function groupHref(query: TranscriptListQuery, group: TranscriptGroup, key: string): string {
  const params = new URLSearchParams();
  for (const name of ["q", "tool", "upload", "warnings", "from", "to", "model", "task", "tag", "outcome"] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  params.set(group, key);
  return `/transcripts?${params.toString()}`;
}
