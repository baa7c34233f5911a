import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { CorrectedResult, HumanVerdictKind } from "@/lib/review/human-verdict";
import { parseReasons, type QueueReason } from "@/lib/review/reasons";
import { parseReviewStatus, type ReviewStatus } from "@/lib/review/status";
import type { ReviewListFilter } from "@/lib/review/schemas/review";
import { asMode, asScale, humanView, itemWhere, judgeValues, lockView, type JudgeValues, type LockView } from "./item-view";
import { getQueue, type QueueSummary } from "./list-queues";

/** One row of a queue's item list. */
export interface QueueItemRow {
  id: string;
  /** 1-based place in the queue, stable for the queue's life. */
  position: number;
  status: ReviewStatus;
  reasons: QueueReason[];
  /** call: a call × criterion; agent: a transcript × agent criterion, with no call (toolCallId, toolName and callOrdinal null). */
  scope: "call" | "agent";
  toolCallId: string | null;
  toolName: string | null;
  /** The call's number within its transcript. */
  callOrdinal: number | null;
  transcriptName: string;
  criterionId: string;
  criterionText: string;
  criterionTitle: string | null;
  scale: CriterionScale;
  /** Null for an agent-level result (it judges the whole transcript). */
  mode: ViewMode | null;
  judge: JudgeValues;
  verdict: HumanVerdictKind | null;
  /** What the human verdict amounts to ("human: fail"), for the column beside the judge's. */
  corrected: CorrectedResult | null;
  label: { id: string; name: string } | null;
  assignee: { id: string; name: string } | null;
  /** Who holds the item right now; null when nobody does (or their lock ran out). */
  lock: LockView | null;
  commentCount: number;
}

/** A page of a queue's items. */
export interface QueueItemsPage {
  queue: QueueSummary;
  rows: QueueItemRow[];
  /** Items matching the filter, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/** A list filter with its page (1-based) and page size (1 to 100). */
export type QueueItemsQuery = ReviewListFilter & { page: number; pageSize: number };

const MAX_PAGE_SIZE = 100;
const criterionSelect = { id: true, text: true, title: true, scale: true } as const;

/**
 * One page of a queue's items in queue order, filtered by status, assignee ("me" is the viewer,
 * "unassigned", or a member's id) and reason. Null when the queue does not exist.
 */
export async function listQueueItems(prisma: PrismaClient, queueId: string, query: QueueItemsQuery, viewerId: string, now: Date = new Date()): Promise<QueueItemsPage | null> {
  const queue = await getQueue(prisma, queueId);
  if (!queue) return null;
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize) || 25));
  const page = Math.max(1, Math.floor(query.page) || 1);
  const where = itemWhere(queueId, query, viewerId);
  const [total, items] = await Promise.all([
    prisma.review.count({ where }),
    prisma.review.findMany({
      where,
      orderBy: { position: "asc" },
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        id: true,
        position: true,
        status: true,
        reasons: true,
        toolCallId: true,
        verdict: true,
        humanPassed: true,
        humanScore: true,
        lockedById: true,
        lockedUntil: true,
        lockedBy: { select: { name: true } },
        label: { select: { id: true, name: true } },
        assignee: { select: { id: true, name: true } },
        toolCall: { select: { toolName: true, ordinal: true, transcript: { select: { name: true } } } },
        evaluation: { select: { mode: true, status: true, score: true, passed: true, criterion: { select: criterionSelect } } },
        transcriptEvaluation: { select: { status: true, score: true, passed: true, criterion: { select: criterionSelect }, transcript: { select: { name: true } } } },
        _count: { select: { comments: true } },
      },
    }),
  ]);
  const rows = items.flatMap((item): QueueItemRow[] => {
    const agent = item.transcriptEvaluation;
    const reviewed = item.evaluation ?? agent;
    // Every row the app writes has one of the two.
    if (!reviewed) return [];
    const scale = asScale(reviewed.criterion.scale);
    const human = humanView(item, reviewed, scale);
    return [{
      id: item.id,
      position: item.position,
      status: parseReviewStatus(item.status),
      reasons: parseReasons(item.reasons),
      scope: agent ? "agent" : "call",
      toolCallId: item.toolCallId,
      toolName: item.toolCall?.toolName ?? null,
      callOrdinal: item.toolCall?.ordinal ?? null,
      transcriptName: item.toolCall?.transcript.name ?? agent?.transcript.name ?? "",
      criterionId: reviewed.criterion.id,
      criterionText: reviewed.criterion.text,
      criterionTitle: reviewed.criterion.title,
      scale,
      mode: item.evaluation ? asMode(item.evaluation.mode) : null,
      judge: judgeValues(reviewed, scale),
      verdict: human.verdict?.verdict ?? null,
      corrected: human.corrected,
      label: item.label,
      assignee: item.assignee,
      lock: lockView(item, viewerId, now),
      commentCount: item._count.comments,
    }];
  });
  return { queue, rows, total, page, pageSize };
}
