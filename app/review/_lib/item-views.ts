import type { CommentThreadView, HistoryEntryView, LabelView, ReviewItemView } from "@/components/review/types";
import type { CriterionResultView } from "@/components/runs/results/criterion-result-panel";
import type { ReviewItemDetail } from "@/lib/review/server/get-item";

/** The service's item as the review panel shows it; dates become ISO strings for the browser. */
export function reviewItemView(item: ReviewItemDetail, reviewed?: CriterionResultView): ReviewItemView {
  // An item is a call × criterion: both modes' results are what the reviewer weighs.
  const modes = [reviewed?.immediate, reviewed?.hindsight].flatMap((side) =>
    side ? [{ mode: side.mode, status: side.result.status, score: side.result.score, passed: side.result.passed }] : [],
  );
  const holder = item.lock.holder;
  return {
    id: item.id,
    queueId: item.queue.id,
    reasons: item.reasons,
    status: item.status,
    verdict: item.verdict
      ? { kind: item.verdict.verdict, summary: item.corrected?.label ?? null, by: item.verdictBy, at: item.verdictAt?.toISOString() ?? null }
      : null,
    labelId: item.label?.id ?? null,
    assignee: item.assignee,
    lock: holder ? { holder: { id: holder.byId, name: holder.byName }, until: holder.until.toISOString(), heldByMe: holder.mine } : { holder: null, until: null, heldByMe: false },
    judged: {
      criterion: { id: item.criterion.id, text: item.criterion.text, title: item.criterion.title, scale: item.criterion.scale },
      mode: item.evaluation.mode,
      status: item.evaluation.result.status,
      score: item.evaluation.result.score,
      passed: item.evaluation.result.passed,
      modes,
    },
  };
}

/** The labels to pick from, plus the item's own when it was archived since, so the picker still shows it. */
export function labelViews(item: ReviewItemDetail): LabelView[] {
  const labels: LabelView[] = item.labels.map((label) => ({ ...label, archived: false }));
  if (item.label && !labels.some((label) => label.id === item.label?.id)) labels.push({ id: item.label.id, name: item.label.name, description: null, archived: item.label.archived });
  return labels;
}

export function commentViews(item: ReviewItemDetail): CommentThreadView[] {
  const view = (comment: ReviewItemDetail["comments"][number]["replies"][number]) => ({
    id: comment.id,
    author: comment.author,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    editable: comment.editable,
  });
  return item.comments.map((thread) => ({ ...view(thread), replies: thread.replies.map(view) }));
}

export function historyViews(item: ReviewItemDetail): HistoryEntryView[] {
  return item.history.map((entry) => ({ id: entry.id, at: entry.createdAt.toISOString(), sentence: entry.sentence }));
}
