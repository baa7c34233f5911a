import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { CallContext } from "@/components/results/call-context";
import { CriterionResultPanel } from "@/components/results/criterion-result-panel";
import { ResultsOverview } from "@/components/results/results-overview";
import { ReviewNavigation } from "@/components/review/review-navigation";
import { ReviewWorkspace } from "@/components/review/review-workspace";
import { assignReviewItemAction } from "@/lib/actions/review-assign";
import { claimReviewItemAction } from "@/lib/actions/review-claim";
import { addReviewCommentAction } from "@/lib/actions/review-comment-add";
import { editReviewCommentAction } from "@/lib/actions/review-comment-edit";
import { setReviewLabelAction } from "@/lib/actions/review-label";
import { releaseReviewItemAction } from "@/lib/actions/review-release";
import { setReviewStatusAction } from "@/lib/actions/review-status";
import { recordReviewVerdictAction } from "@/lib/actions/review-verdict";
import { can } from "@/lib/auth/roles";
import { LOCK_TTL_MS } from "@/lib/review/lock";
import { requirePageUser } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { conversationAroundCall, getCallDetail } from "@/lib/server/results/call-detail";
import { getReviewItem } from "@/lib/server/review/get-item";
import { firstValues, type SearchParams } from "@/lib/table-query";
import { conversationBlocks } from "@/lib/transcripts/conversation";
import { reviewListQuerySchema } from "@/lib/zod/review";
import { commentViews, historyViews, labelViews, reviewItemView } from "../../_lib/item-views";
import { listFilterParams, withQuery } from "../../_lib/list-filter";

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
  const detail = await getCallDetail(prisma, item.runId, item.toolCallId);
  if (!detail) notFound();

  const carried = listFilterParams(query);
  const itemHref = (id: string) => withQuery(`/review/${queueId}/${id}`, carried);
  const listHref = withQuery(`/review/${queueId}`, carried);
  const around = conversationAroundCall(conversationBlocks(detail.transcript.messages, detail.transcript.calls), detail.call.messageIndex);
  const siblingHrefs = Object.fromEntries(
    detail.transcript.calls
      .filter((call) => call.messageIndex === detail.call.messageIndex && call.id !== detail.call.id)
      .map((call) => [call.ordinal, `/runs/${item.runId}/calls/${call.id}`]),
  );
  const reviewed = detail.results.find((result) => result.criterion.id === item.criterion.id);
  const others = detail.results.filter((result) => result !== reviewed);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/review" className="text-indigo-700 hover:underline">Review</Link>
        <span className="mx-1 text-slate-400">/</span>
        <Link href={listHref} className="text-indigo-700 hover:underline">{item.queue.name}</Link>
      </nav>
      <PageHeader
        title={`Item ${item.position} · Call #${detail.call.ordinal} · ${detail.call.toolName}`}
        description={`${detail.call.transcriptName} · ${item.criterion.title ?? item.criterion.text} · ${item.evaluation.mode} · run ${item.queue.runName}`}
      >
        <Link href={`/runs/${item.runId}/calls/${item.toolCallId}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-indigo-400">
          Open the tool-call page
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
        <div className="min-w-0 space-y-8">
          <CallContext before={around.before} at={around.at} after={around.after} ordinal={detail.call.ordinal} warnings={detail.transcript.warnings} siblingHrefs={siblingHrefs} />
          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="mb-3 text-lg font-semibold">
              Results{detail.run.mode === "both" ? ": immediate and hindsight" : ""}
            </h2>
            <ResultsOverview results={detail.results} />
            {reviewed ? (
              <div className="rounded-lg ring-2 ring-indigo-300" data-testid="reviewed-criterion">
                <CriterionResultPanel view={reviewed} />
              </div>
            ) : null}
            {others.length > 0 ? (
              <details className="mt-4 rounded-lg border border-slate-200 bg-white">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium">The call&apos;s other criteria ({others.length})</summary>
                <div className="space-y-4 border-t border-slate-100 p-3">
                  {others.map((result) => (
                    <CriterionResultPanel key={result.criterion.id} view={result} />
                  ))}
                </div>
              </details>
            ) : null}
          </section>
        </div>
        <aside aria-label="Review panel" className="min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1">
          <ReviewWorkspace
            // A fresh panel per item: its lock, form state and messages belong to that item.
            key={item.id}
            item={reviewItemView(item, reviewed)}
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
