import { z } from "zod";
import { passes } from "@/lib/runs/results/verdict";
import { formatScore, humanVerdictSchema } from "./human-verdict";
import { QUEUE_REASON_LABELS, QUEUE_REASONS } from "./reasons";
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES } from "./status";

/**
 * The kinds of ReviewEvent: every change to an item, appended, never edited. Renewing one's own
 * lock is not an event (the holder did not change); taking, releasing and losing it on "done" are.
 */
export const REVIEW_EVENT_KINDS = ["created", "assigned", "claimed", "released", "status", "verdict", "label", "comment-added", "comment-edited"] as const;

/** One kind of review event. */
export type ReviewEventKind = (typeof REVIEW_EVENT_KINDS)[number];

const id = z.string().min(1);
const labelRef = z.object({ id, name: z.string() }).nullable();

/**
 * What each kind stores in ReviewEvent.data. Users are ids (named when shown, so a rename shows
 * the current name); labels keep the name they had, since a label can be renamed after the fact;
 * a verdict keeps the judge's result it answered, so the sentence reads alone.
 */
export const reviewEventDataSchemas = {
  created: z.object({ queueId: id, queueName: z.string(), reasons: z.array(z.enum(QUEUE_REASONS)) }),
  assigned: z.object({ from: id.nullable(), to: id.nullable() }),
  /** `takenFrom`: whose expired lock the actor took over, if anyone's. */
  claimed: z.object({ until: z.iso.datetime(), takenFrom: id.nullable() }),
  /** `done`: the lock ended because the holder marked the item done. */
  released: z.object({ reason: z.enum(["released", "done"]) }),
  status: z.object({ from: z.enum(REVIEW_STATUSES), to: z.enum(REVIEW_STATUSES) }),
  verdict: z.object({
    from: humanVerdictSchema.nullable(),
    to: humanVerdictSchema,
    judge: z.object({ score: z.number().nullable(), passed: z.boolean().nullable() }),
    scale: z.enum(["binary", "continuous"]),
  }),
  label: z.object({ from: labelRef, to: labelRef }),
  "comment-added": z.object({ commentId: id, parentId: id.nullable() }),
  /** The body before the edit, so an edit never erases what people read. */
  "comment-edited": z.object({ commentId: id, previousBody: z.string() }),
} satisfies Record<ReviewEventKind, z.ZodType>;

/** The data of one kind of event. */
export type ReviewEventData<K extends ReviewEventKind> = z.output<(typeof reviewEventDataSchemas)[K]>;

/** An event as the services write it: its kind with that kind's data. */
export type ReviewEventInput = { [K in ReviewEventKind]: { kind: K; data: ReviewEventData<K> } }[ReviewEventKind];

/** True for a known event kind. */
export function isReviewEventKind(value: unknown): value is ReviewEventKind {
  return typeof value === "string" && (REVIEW_EVENT_KINDS as readonly string[]).includes(value);
}

/** A stored event (kind a plain string, data Json) typed again; null when it no longer fits. */
export function parseReviewEvent(kind: string, data: unknown): ReviewEventInput | null {
  if (!isReviewEventKind(kind)) return null;
  const parsed = reviewEventDataSchemas[kind].safeParse(data);
  return parsed.success ? ({ kind, data: parsed.data } as ReviewEventInput) : null;
}

/** User id → display name; a Map or a plain object (which crosses to client components as is). */
export type UserNames = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

function nameOf(names: UserNames, userId: string | null): string {
  if (userId === null) return "nobody";
  const name = names instanceof Map ? names.get(userId) : (names as Readonly<Record<string, string>>)[userId];
  return name ?? "someone";
}

const quoted = (text: string) => `“${text}”`;

/** The judge's result the verdict answered, as a word: "pass", "fail" or a score; null when it had none. */
function judgeResultWord(data: ReviewEventData<"verdict">): string | null {
  if (data.scale === "continuous") return data.judge.score === null ? null : formatScore(data.judge.score);
  const passed = passes("binary", data.judge.score, data.judge.passed);
  return passed === null ? null : passed ? "pass" : "fail";
}

function describeVerdict(actor: string, data: ReviewEventData<"verdict">): string {
  const verdict = data.to;
  const judge = judgeResultWord(data);
  switch (verdict.verdict) {
    case "agree":
      return judge === null ? `${actor} agreed with the judge` : `${actor} agreed with the judge: ${judge}`;
    case "discuss":
      return `${actor} asked to discuss it`;
    case "disagree": {
      const said = judge === null ? "judge gave no result" : data.scale === "continuous" ? `judge scored ${judge}` : `judge said ${judge}`;
      const should = "passed" in verdict ? (verdict.passed ? "pass" : "fail") : formatScore(verdict.score);
      return `${actor} disagreed: ${said}, should be ${should}`;
    }
  }
}

function describeKnown(actor: string, actorId: string, event: ReviewEventInput, names: UserNames): string {
  switch (event.kind) {
    case "created": {
      const reasons = event.data.reasons.map((reason) => QUEUE_REASON_LABELS[reason]).join(", ");
      return `${actor} queued it in ${quoted(event.data.queueName)}${reasons ? ` (${reasons})` : ""}`;
    }
    case "assigned": {
      const { from, to } = event.data;
      const who = (userId: string) => (userId === actorId ? "themselves" : nameOf(names, userId));
      if (to === null) return from === null ? `${actor} left it unassigned` : `${actor} unassigned ${nameOf(names, from)}`;
      if (from === null) return `${actor} assigned it to ${who(to)}`;
      return `${actor} reassigned it from ${nameOf(names, from)} to ${who(to)}`;
    }
    case "claimed":
      return event.data.takenFrom === null ? `${actor} claimed it` : `${actor} claimed it after ${nameOf(names, event.data.takenFrom)}’s lock expired`;
    case "released":
      return event.data.reason === "done" ? `${actor}’s lock ended as it was marked done` : `${actor} released it`;
    case "status": {
      const { from, to } = event.data;
      if (to === "done") return `${actor} marked it done`;
      if (from === "done") return `${actor} reopened it (${REVIEW_STATUS_LABELS[to]})`;
      return `${actor} moved it from ${REVIEW_STATUS_LABELS[from]} to ${REVIEW_STATUS_LABELS[to]}`;
    }
    case "verdict":
      return describeVerdict(actor, event.data);
    case "label": {
      const { from, to } = event.data;
      if (to === null) return from === null ? `${actor} left it without a label` : `${actor} removed the label ${quoted(from.name)}`;
      if (from === null) return `${actor} labelled it ${quoted(to.name)}`;
      return `${actor} changed the label from ${quoted(from.name)} to ${quoted(to.name)}`;
    }
    case "comment-added":
      return event.data.parentId === null ? `${actor} commented` : `${actor} replied to a comment`;
    case "comment-edited":
      return `${actor} edited a comment`;
  }
}

const FALLBACK: Record<ReviewEventKind, string> = {
  created: "queued it",
  assigned: "changed the assignee",
  claimed: "claimed it",
  released: "released it",
  status: "changed the status",
  verdict: "recorded a verdict",
  label: "changed the label",
  "comment-added": "commented",
  "comment-edited": "edited a comment",
};

/**
 * One readable sentence for a history entry: "Ana disagreed: judge said pass, should be fail".
 * Rows outlive code versions: an event whose data no longer fits still gets a plain sentence.
 */
export function describeEvent(event: { actorId: string; kind: string; data: unknown }, names: UserNames): string {
  const actor = nameOf(names, event.actorId);
  const parsed = parseReviewEvent(event.kind, event.data);
  if (parsed) return describeKnown(actor, event.actorId, parsed, names);
  return isReviewEventKind(event.kind) ? `${actor} ${FALLBACK[event.kind]}` : `${actor} changed it (${event.kind})`;
}
