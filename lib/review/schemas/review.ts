import { z } from "zod";
import { humanVerdictSchema } from "@/lib/review/human-verdict";
import { queueFilterSchema } from "@/lib/review/queue-filter";
import { QUEUE_REASONS } from "@/lib/review/reasons";
import { REVIEW_STATUSES, type ReviewStatus } from "@/lib/review/status";
import type { ActionFailure } from "@/lib/platform/actions/action-result";
import { pageParam, pageSizeParam } from "@/lib/platform/table-query";

/*
 * Inputs of the review actions (lib/review/actions/) and what they answer, shared by the
 * forms, the actions and the tests. Every schema trims text and bounds its length, so bad input
 * is refused with a sentence before anything is read or written.
 */

/** An id of a row the action names: non-empty, bounded, trimmed. */
const idOf = (what: string) =>
  z
    .string({ error: `Unknown ${what}.` })
    .trim()
    .min(1, `Unknown ${what}.`)
    .max(100, `Unknown ${what}.`);

/** A review item's id. */
export const reviewIdSchema = idOf("review item");

/** The longest comment, in characters after trimming. */
export const MAX_COMMENT_LENGTH = 5000;
export const COMMENT_TOO_LONG = `A comment is at most ${MAX_COMMENT_LENGTH.toLocaleString("en-US")} characters.`;
/** The longest label name. */
export const MAX_LABEL_NAME_LENGTH = 40;
/** The longest queue name. */
export const MAX_QUEUE_NAME_LENGTH = 100;

/** A comment's text: 1 to 5,000 characters once trimmed. */
export const commentBodySchema = z
  .string({ error: "Write a comment first." })
  .trim()
  .min(1, "Write a comment first.")
  .max(MAX_COMMENT_LENGTH, COMMENT_TOO_LONG);

/** A label's name: 1 to 40 characters once trimmed. */
export const labelNameSchema = z
  .string({ error: "Give the label a name." })
  .trim()
  .min(1, "Give the label a name.")
  .max(MAX_LABEL_NAME_LENGTH, `A label name is at most ${MAX_LABEL_NAME_LENGTH} characters.`);

/** A label's description: up to 200 characters; blank means none. */
export const labelDescriptionSchema = z
  .string()
  .trim()
  .max(200, "A label description is at most 200 characters.")
  .transform((value) => value || null);

/** review-build-queue: a queue from a run's results; the name defaults to one derived from the run. */
export const buildQueueInputSchema = z.object({
  runId: idOf("run"),
  name: z
    .string()
    .trim()
    .max(MAX_QUEUE_NAME_LENGTH, `A queue name is at most ${MAX_QUEUE_NAME_LENGTH} characters.`)
    .optional()
    .transform((value) => value || undefined),
  filter: queueFilterSchema.default(queueFilterSchema.parse({})),
});
/** What the build-queue form sends. */
export type BuildQueueInput = z.input<typeof buildQueueInputSchema>;

/** review-claim and review-release. */
export const reviewItemInputSchema = z.object({ reviewId: reviewIdSchema });
/** What review-claim and review-release take. */
export type ReviewItemInput = z.input<typeof reviewItemInputSchema>;

/** review-assign: a member's id, or null to unassign. */
export const assignInputSchema = z.object({ reviewId: reviewIdSchema, assigneeId: idOf("member").nullable() });
/** What review-assign takes. */
export type AssignInput = z.input<typeof assignInputSchema>;

/** review-verdict: the item and the human verdict (see lib/review/human-verdict). */
export const verdictInputSchema = z.object({ reviewId: reviewIdSchema, verdict: humanVerdictSchema });
/** What review-verdict takes. */
export type VerdictInput = z.input<typeof verdictInputSchema>;

/** review-label: a label's id, or null to remove the label. */
export const setLabelInputSchema = z.object({ reviewId: reviewIdSchema, labelId: idOf("label").nullable() });
/** What review-label takes. */
export type SetLabelInput = z.input<typeof setLabelInputSchema>;

/** review-status. */
export const setStatusInputSchema = z.object({
  reviewId: reviewIdSchema,
  status: z.enum(REVIEW_STATUSES, { error: "A status is open, in review or done." }),
});
/** What review-status takes. */
export type SetStatusInput = z.input<typeof setStatusInputSchema>;

/** review-comment-add: a comment, or a reply when `parentId` names a comment of the same item. */
export const addCommentInputSchema = z.object({
  reviewId: reviewIdSchema,
  body: commentBodySchema,
  parentId: idOf("comment")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
/** What review-comment-add takes. */
export type AddCommentInput = z.input<typeof addCommentInputSchema>;

/** review-comment-edit. */
export const editCommentInputSchema = z.object({ commentId: idOf("comment"), body: commentBodySchema });
/** What review-comment-edit takes. */
export type EditCommentInput = z.input<typeof editCommentInputSchema>;

/** review-label-create. */
export const createLabelInputSchema = z.object({ name: labelNameSchema, description: labelDescriptionSchema.optional() });
/** What review-label-create takes. */
export type CreateLabelInput = z.input<typeof createLabelInputSchema>;

/** review-label-rename: a new name; the description is kept when left out, cleared when blank. */
export const renameLabelInputSchema = z.object({ labelId: idOf("label"), name: labelNameSchema, description: labelDescriptionSchema.optional() });
/** What review-label-rename takes. */
export type RenameLabelInput = z.input<typeof renameLabelInputSchema>;

/** review-label-archive: archive (the default) or restore a label. */
export const archiveLabelInputSchema = z.object({ labelId: idOf("label"), archived: z.boolean().default(true) });
/** What review-label-archive takes. */
export type ArchiveLabelInput = z.input<typeof archiveLabelInputSchema>;

/** Which items of a queue a list shows, and next/previous follow. */
export interface ReviewListFilter {
  status?: ReviewStatus;
  /** "me": the viewer's items; "unassigned"; or a member's id. */
  assignee?: string;
  reason?: (typeof QUEUE_REASONS)[number];
}

const optionalParam = z.string().trim().min(1).max(100).optional().catch(undefined);

/**
 * A queue's list filter and page as they live in the URL (`?status=open&assignee=me&reason=flipped&page=2&size=25`).
 * A bad or stale parameter falls back to its default instead of breaking the page.
 */
export const reviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).optional().catch(undefined),
  assignee: optionalParam,
  reason: z.enum(QUEUE_REASONS).optional().catch(undefined),
  page: pageParam,
  size: pageSizeParam,
});
/** A parsed list query. */
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

/** A refused action: a sentence to show, per-field messages when the input was at fault, and the queue to go to. */
export type ReviewActionFailure = ActionFailure;

/** What most review actions answer. */
export type ReviewActionResult = { ok: true; message: string } | ReviewActionFailure;

/** review-build-queue's answer. */
export type BuildQueueResult = { ok: true; message: string; queueId: string; added: number; addedAgent: number; alreadyQueued: number; matched: number } | ReviewActionFailure;

/** review-claim's answer: when the lock runs out (ISO 8601). */
export type ClaimResult = { ok: true; message: string; lockedUntil: string } | ReviewActionFailure;

/** review-verdict's and review-status's answer: the item's status afterwards. */
export type ReviewStatusResult = { ok: true; message: string; status: ReviewStatus } | ReviewActionFailure;

/** review-comment-add's answer. */
export type AddCommentResult = { ok: true; message: string; commentId: string } | ReviewActionFailure;

/** review-label-create's answer. */
export type CreateLabelResult = { ok: true; message: string; labelId: string } | ReviewActionFailure;
