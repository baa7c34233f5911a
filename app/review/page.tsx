import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueueList } from "@/components/review/queue-list";
import { can } from "@/lib/accounts/roles";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { listQueues } from "@/lib/review/server/list-queues";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review" };

// ?runId= lists one run's queues, so a run page can link to its reviews.
export default async function ReviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePageUser("read");
  const runId = firstValues(await searchParams).runId?.trim().slice(0, 100) || undefined;
  const queues = await listQueues(getPrisma(), { runId });
  const mayBuild = can(user.role, "build-queue");
  const buildHref = runId ? `/review/new?runId=${encodeURIComponent(runId)}` : "/review/new";
  return (
    <>
      <PageHeader title="Review" description="Failed and disputed tool calls and agent-level results, reviewed as a team.">
        <Link href="/review/labels" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:border-indigo-400">
          Labels
        </Link>
        {mayBuild ? (
          <Link href={buildHref} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            Build a queue
          </Link>
        ) : null}
      </PageHeader>
      {runId ? (
        <p className="mb-3 text-sm text-slate-700">
          Queues built from one run.{" "}
          <Link href="/review" className="text-indigo-700 underline">
            Show every queue
          </Link>
        </p>
      ) : null}
      {queues.length === 0 ? (
        <EmptyState title="Nothing to review yet" action={mayBuild ? { href: buildHref, label: "Build a queue" } : { href: "/runs", label: "Go to runs" }}>
          Build a queue from a finished run: its failed verdicts, low scores and calls whose verdict changed between immediate and
          hindsight evaluation are queued here for people to confirm or dispute.
        </EmptyState>
      ) : (
        <QueueList
          queues={queues.map((queue) => ({
            id: queue.id,
            name: queue.name,
            runId: queue.runId,
            runName: queue.runName,
            filterSummary: queue.filterSummary,
            createdBy: queue.createdBy.name,
            createdAt: queue.createdAt.toISOString(),
            counts: queue.counts,
          }))}
        />
      )}
    </>
  );
}
