import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { CorrectedResult, HumanVerdict } from "@/lib/review/human-verdict";
import type { LockState } from "@/lib/review/lock";
import { parseReasons, type QueueReason } from "@/lib/review/reasons";
import { parseReviewStatus, type ReviewStatus } from "@/lib/review/status";
import { commentThreads, type CommentThread } from "@/lib/review/thread";
import { modeResultFromRow, type ModeResult } from "@/lib/runs/results/mode-result";
import { verdictOf, type Verdict } from "@/lib/runs/results/verdict";
import type { ReviewListFilter } from "@/lib/review/schemas/review";
import { itemHistory, type HistoryEntry } from "./history-view";
import { asMode, asScale, humanView, itemWhere, lockForViewer, type LockView } from "./item-view";
import { labelChoices, type LabelChoice } from "./labels";
import { listAssignableMembers, type AssignableMember } from "./members";

/** A judge's result on the item's call and criterion in one mode, or its agent-level result. */
export interface JudgedResult {
  /** The Evaluation's id for a call item, the TranscriptEvaluation's for an agent item. */
  evaluationId: string;
  /** Null for an agent-level result: it judges the whole transcript, in no mode. */
  mode: ViewMode | null;
  judgeId: string | null;
  /** Status, score, passed, explanation and findings. */
  result: ModeResult;
  verdict: Verdict | null;
}

/** Everything the review item page shows, except the call's own content (see getCallDetail). */
export interface ReviewItemDetail {
  id: string;
  queue: { id: string; name: string; runId: string; runName: string };
  position: number;
  status: ReviewStatus;
  reasons: QueueReason[];
  /** With toolCallId, what lib/runs/server/results/call-detail.ts getCallDetail needs for the call's content. */
  runId: string;
  /** call: one call × criterion (toolCallId set); agent: one transcript × agent criterion (toolCallId null). */
  scope: "call" | "agent";
  toolCallId: string | null;
  /** The transcript of an agent item; null for a call item (its call detail names it). */
  transcript: { id: string; name: string } | null;
  criterion: { id: string; text: string; title: string | null; kind: string; scale: CriterionScale };
  /** The result under review. */
  evaluation: JudgedResult;
  verdict: HumanVerdict | null;
  corrected: CorrectedResult | null;
  verdictBy: { id: string; name: string } | null;
  verdictAt: Date | null;
  label: { id: string; name: string; archived: boolean } | null;
  assignee: { id: string; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
  comments: CommentThread[];
  /** Newest first. */
  history: HistoryEntry[];
  /** The lock as the viewer sees it; `holder` while someone's lock lives. */
  lock: { state: LockState; holder: LockView | null };
  /** Neighbours in queue order under the list filter the viewer came from; null at either end. */
  previousId: string | null;
  nextId: string | null;
  /** Where the item stands in the list the viewer walks: `index` is 1-based, null when the filter leaves it out. */
  place: { index: number | null; total: number };
  /** Labels a reviewer can pick (not archived). */
  labels: LabelChoice[];
  /** Members the item can be assigned to. */
  members: AssignableMember[];
}

const resultSelect = { id: true, mode: true, status: true, score: true, passed: true, explanation: true, findings: true, judgeId: true } as const;
const agentResultSelect = { id: true, status: true, score: true, passed: true, explanation: true, findings: true, judgeId: true } as const;
const criterionSelect = { id: true, text: true, title: true, kind: true, scale: true } as const;

function judged(row: { id: string; mode: string | null; status: string; score: number | null; passed: boolean | null; explanation: string | null; findings: unknown; judgeId: string | null }, scale: CriterionScale): JudgedResult {
  const result = modeResultFromRow(row);
  return { evaluationId: row.id, mode: row.mode === null ? null : asMode(row.mode), judgeId: row.judgeId, result, verdict: verdictOf(result, scale) };
}

/**
 * One review item for `viewerId`, with its neighbours under `listFilter` (keyset reads on the
 * queue's position index, so next/previous cost the same in any queue). Null when it does not exist.
 */
export async function getReviewItem(prisma: PrismaClient, reviewId: string, viewerId: string, listFilter: ReviewListFilter = {}, now: Date = new Date()): Promise<ReviewItemDetail | null> {
  const item = await prisma.review.findUnique({
    where: { id: reviewId },
    select: {
      id: true,
      position: true,
      status: true,
      reasons: true,
      runId: true,
      toolCallId: true,
      verdict: true,
      humanPassed: true,
      humanScore: true,
      verdictAt: true,
      lockedById: true,
      lockedUntil: true,
      createdAt: true,
      updatedAt: true,
      lockedBy: { select: { name: true } },
      verdictBy: { select: { id: true, name: true } },
      label: { select: { id: true, name: true, archivedAt: true } },
      assignee: { select: { id: true, name: true } },
      queue: { select: { id: true, name: true, runId: true, run: { select: { name: true } } } },
      evaluation: { select: { ...resultSelect, criterion: { select: criterionSelect } } },
      transcriptEvaluation: { select: { ...agentResultSelect, criterion: { select: criterionSelect }, transcript: { select: { id: true, name: true } } } },
      comments: { select: { id: true, parentId: true, body: true, createdAt: true, editedAt: true, author: { select: { id: true, name: true } } } },
    },
  });
  if (!item) return null;
  const agent = item.transcriptEvaluation;
  const reviewed = item.evaluation ?? (agent ? { ...agent, mode: null } : null);
  // Every row the app writes has one of the two; a row without either is not an item to show.
  if (!reviewed) return null;
  const scale = asScale(reviewed.criterion.scale);
  const where = itemWhere(item.queue.id, listFilter, viewerId);
  const [previous, next, before, total, inList, history, labels, members] = await Promise.all([
    prisma.review.findFirst({ where: { ...where, position: { lt: item.position } }, orderBy: { position: "desc" }, select: { id: true } }),
    prisma.review.findFirst({ where: { ...where, position: { gt: item.position } }, orderBy: { position: "asc" }, select: { id: true } }),
    prisma.review.count({ where: { ...where, position: { lt: item.position } } }),
    prisma.review.count({ where }),
    prisma.review.count({ where: { ...where, id: item.id } }),
    itemHistory(prisma, reviewId),
    labelChoices(prisma),
    listAssignableMembers(prisma),
  ]);
  const human = humanView(item, reviewed, scale);
  return {
    id: item.id,
    queue: { id: item.queue.id, name: item.queue.name, runId: item.queue.runId, runName: item.queue.run.name },
    position: item.position,
    status: parseReviewStatus(item.status),
    reasons: parseReasons(item.reasons),
    runId: item.runId,
    scope: agent ? "agent" : "call",
    toolCallId: item.toolCallId,
    transcript: agent ? agent.transcript : null,
    criterion: { ...reviewed.criterion, scale },
    evaluation: judged(reviewed, scale),
    verdict: human.verdict,
    corrected: human.corrected,
    verdictBy: item.verdictBy,
    verdictAt: item.verdictAt,
    label: item.label ? { id: item.label.id, name: item.label.name, archived: item.label.archivedAt !== null } : null,
    assignee: item.assignee,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    comments: commentThreads(
      item.comments.map((comment) => ({ ...comment, authorId: comment.author.id, authorName: comment.author.name })),
      viewerId,
    ),
    history,
    lock: lockForViewer(item, viewerId, now),
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
    place: { index: inList > 0 ? before + 1 : null, total },
    labels,
    members,
  };
}
