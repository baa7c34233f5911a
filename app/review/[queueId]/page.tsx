import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { QueueItemFilters } from "@/components/review/queue-item-filters";
import { QueueItemsTable } from "@/components/review/queue-items-table";
import { ProgressBar } from "@/components/runs/progress-bar";
import { formatDateTime } from "@/lib/platform/format";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { listQueueItems } from "@/lib/review/server/list-items";
import { listAssignableMembers } from "@/lib/review/server/members";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { reviewListQuerySchema } from "@/lib/review/schemas/review";
import { listFilterParams } from "@/lib/review/list-filter";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review queue" };

type Props = { params: Promise<{ queueId: string }>; searchParams: Promise<SearchParams> };

export default async function ReviewQueuePage({ params, searchParams }: Props) {
  const user = await requirePageUser("read");
  const { queueId } = await params;
  const query = reviewListQuerySchema.parse(firstValues(await searchParams));
  const prisma = getPrisma();
  const [items, members] = await Promise.all([
    listQueueItems(prisma, queueId, { status: query.status, assignee: query.assignee, reason: query.reason, page: query.page, pageSize: query.size }, user.id),
    listAssignableMembers(prisma),
  ]);
  if (!items) notFound();
  const { queue } = items;
  const firstOpen = items.rows.find((row) => row.status !== "done") ?? items.rows[0];
  const carried = listFilterParams(query).toString();

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/review" className="text-indigo-700 hover:underline">Review</Link>
      </nav>
      <PageHeader
        title={queue.name}
        description={`From ${queue.runName} · ${queue.filterSummary} · built by ${queue.createdBy.name}, ${formatDateTime(queue.createdAt)}`}
      >
        {firstOpen ? (
          <Link
            href={`/review/${queue.id}/${firstOpen.id}${carried ? `?${carried}` : ""}`}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
          >
            Start reviewing
          </Link>
        ) : null}
      </PageHeader>
      <div className="mb-4 max-w-md">
        <ProgressBar fraction={queue.counts.total ? queue.counts.done / queue.counts.total : 0} label={`Progress of ${queue.name}`} />
        <p className="mt-1 text-sm tabular-nums text-slate-700" data-testid="queue-counts">
          {queue.counts.done} of {queue.counts.total} done · {queue.counts.inReview} in review · {queue.counts.open} open
        </p>
      </div>
      <QueueItemFilters filter={{ status: query.status, assignee: query.assignee, reason: query.reason }} members={members.map((m) => ({ id: m.id, name: m.name }))} />
      <QueueItemsTable
        queueId={queue.id}
        query={carried}
        total={items.total}
        page={items.page}
        size={items.pageSize}
        rows={items.rows.map((row) => ({
          id: row.id,
          position: row.position,
          call: { ordinal: row.callOrdinal, toolName: row.toolName, transcriptName: row.transcriptName },
          judged: {
            criterion: { id: row.criterionId, text: row.criterionText, title: row.criterionTitle, scale: row.scale },
            mode: row.mode,
            status: row.judge.status,
            score: row.judge.score,
            passed: row.judge.passed,
          },
          reasons: row.reasons,
          status: row.status,
          verdict: row.verdict,
          corrected: row.corrected?.label ?? null,
          label: row.label?.name ?? null,
          assignee: row.assignee,
          lock: row.lock ? { holder: { id: row.lock.byId, name: row.lock.byName }, until: row.lock.until.toISOString() } : null,
          comments: row.commentCount,
        }))}
      />
    </>
  );
}
