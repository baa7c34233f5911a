import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { ReviewNavigation } from "@/components/review/review-navigation";
import { ReviewWorkspace } from "@/components/review/review-workspace";
import { assignReviewItemAction } from "@/lib/review/actions/assign";
import { claimReviewItemAction } from "@/lib/review/actions/claim";
import { addReviewCommentAction } from "@/lib/review/actions/comment-add";
import { editReviewCommentAction } from "@/lib/review/actions/comment-edit";
import { setReviewLabelAction } from "@/lib/review/actions/label";
import { releaseReviewItemAction } from "@/lib/review/actions/release";
import { setReviewStatusAction } from "@/lib/review/actions/status";
import { recordReviewVerdictAction } from "@/lib/review/actions/verdict";
import { can } from "@/lib/accounts/roles";
import { LOCK_TTL_MS } from "@/lib/review/lock";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { getReviewItem } from "@/lib/review/server/get-item";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { reviewListQuerySchema } from "@/lib/review/schemas/review";
import { commentViews, historyViews, labelViews, reviewItemView } from "../../_lib/item-views";
import { listFilterParams, withQuery } from "@/lib/review/list-filter";
import { agentItemContent, callItemContent } from "./item-content";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review item" };

type Props = { params: Promise<{ queueId: string; itemId: string }>; searchParams: Promise<SearchParams> };

const actions = {
  claim: claimReviewItemAction,
  release: releaseReviewItemAction,
  verdict: recordReviewVerdictAction,
  label: setReviewLabelAction,
  status: setReviewStatusAction,
  assign: assignReviewItemAction,
  addComment: addReviewCommentAction,
  editComment: editReviewCommentAction,
};

export default async function ReviewItemPage({ params, searchParams }: Props) {
  const user = await requirePageUser("read");
  const { queueId, itemId } = await params;
  const query = reviewListQuerySchema.parse(firstValues(await searchParams));
  const filter = { status: query.status, assignee: query.assignee, reason: query.reason };
  const prisma = getPrisma();
  const item = await getReviewItem(prisma, itemId, user.id, filter);
  if (!item || item.queue.id !== queueId) notFound();
  const content = item.transcript ? await agentItemContent(prisma, item, item.transcript.id) : item.toolCallId ? await callItemContent(prisma, item, item.toolCallId) : null;
  if (!content) notFound();

  const carried = listFilterParams(query);
  const itemHref = (id: string) => withQuery(`/review/${queueId}/${id}`, carried);
  const listHref = withQuery(`/review/${queueId}`, carried);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/review" className="text-indigo-700 hover:underline">Review</Link>
        <span className="mx-1 text-slate-400">/</span>
        <Link href={listHref} className="text-indigo-700 hover:underline">{item.queue.name}</Link>
      </nav>
      <PageHeader title={content.title} description={content.description}>
        <Link href={content.open.href} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-indigo-400">
          {content.open.label}
        </Link>
      </PageHeader>
      <ReviewNavigation
        position={item.position}
        place={item.place}
        filtered={carried.size > 0}
        previousHref={item.previousId ? itemHref(item.previousId) : null}
        nextHref={item.nextId ? itemHref(item.nextId) : null}
        listHref={listHref}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="min-w-0 space-y-8">{content.main}</div>
        <aside aria-label="Review panel" className="min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1">
          <ReviewWorkspace
            // A fresh panel per item: its lock, form state and messages belong to that item.
            key={item.id}
            item={reviewItemView(item, content.reviewed)}
            underReview={content.underReview}
            labels={labelViews(item)}
            members={item.members.map((member) => ({ id: member.id, name: member.name }))}
            comments={commentViews(item)}
            history={historyViews(item)}
            me={{ id: user.id, name: user.name, role: user.role }}
            can={{ review: can(user.role, "review"), comment: can(user.role, "comment"), editLabels: can(user.role, "edit-labels"), buildQueue: can(user.role, "build-queue") }}
            previousHref={item.previousId ? itemHref(item.previousId) : null}
            nextHref={item.nextId ? itemHref(item.nextId) : null}
            listHref={listHref}
            renewEveryMs={Math.floor(LOCK_TTL_MS / 3)}
            actions={actions}
          />
        </aside>
      </div>
    </>
  );
}
