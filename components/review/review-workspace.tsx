"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { CommentThread } from "./comment-thread";
import type { Correction } from "./correction-form";
import { ItemSettings } from "./item-settings";
import { JudgedResult } from "./judged-result";
import { LockBanner } from "./lock-banner";
import type { Outcome } from "./outcome";
import type { ReviewItemActions } from "./review-actions";
import { ReasonBadges, ReviewStatusBadge } from "./review-badges";
import { ReviewHistory } from "./review-history";
import { ShortcutHelp } from "./shortcut-help";
import type { ReviewCommand } from "./shortcuts";
import type { CommentThreadView, HistoryEntryView, LabelView, PersonView, ReviewItemView, ReviewPermissions } from "./types";
import { useItemLock } from "./use-item-lock";
import { useReviewKeys } from "./use-review-keys";
import { VerdictControls } from "./verdict-controls";

export interface ReviewWorkspaceProps {
  item: ReviewItemView;
  labels: LabelView[];
  members: PersonView[];
  comments: CommentThreadView[];
  history: HistoryEntryView[];
  me: PersonView & { role: string };
  can: ReviewPermissions;
  previousHref: string | null;
  nextHref: string | null;
  listHref: string;
  renewEveryMs: number;
  actions: ReviewItemActions;
  /** The judged result in full (verdicts, explanations, findings), shown in place of its badges when given. */
  underReview?: React.ReactNode;
}

type SettingErrors = { label?: string; status?: string; assignee?: string };

/**
 * The review panel of one queue item: lock, human verdict, label, status, assignee, comments
 * and history, driven by buttons or by keys. Each change re-renders the page from the server,
 * so what is shown is always what was stored.
 */
export function ReviewWorkspace(props: ReviewWorkspaceProps) {
  const { item, me, can, actions } = props;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const [correctionErrors, setCorrectionErrors] = useState<string[] | undefined>();
  const [settingErrors, setSettingErrors] = useState<SettingErrors>({});
  const [helpOpen, setHelpOpen] = useState(false);
  const correctionRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const lockedByOther = item.lock.holder !== null && !item.lock.heldByMe;
  const enabled = can.review && !lockedByOther;
  const say = (outcome: Outcome) => setMessage({ ok: outcome.ok, text: outcome.message });
  const reviewId = item.id;
  const lock = useItemLock({
    lock: item.lock,
    canReview: can.review,
    claimOnOpen: item.status !== "done",
    renewEveryMs: props.renewEveryMs,
    claim: () => actions.claim({ reviewId }),
    release: () => actions.release({ reviewId }),
    onRefused: say,
  });

  /**
   * Runs one change; `after` may return a page to move to. The actions revalidate the review
   * pages, so the page re-renders with what was stored in the same round trip.
   */
  const run = (work: () => Promise<Outcome>, after?: (outcome: Outcome) => string | void) =>
    startTransition(async () => {
      const outcome = await work();
      say(outcome);
      const moveTo = after?.(outcome);
      if (moveTo) router.push(moveTo);
    });

  // Changes go to the server even when the page already knows the answer (a viewer, someone
  // else's lock): its refusal is the one that counts, and it says why in words.
  // The verdict last given here, before the page re-renders with it: `x` right after `s` must know.
  const [given, setGiven] = useState<"agree" | "discuss" | "disagree" | null>(null);
  const verdict = (kind: "agree" | "discuss") => {
    setGiven(kind);
    run(
      () => actions.verdict({ reviewId, verdict: { verdict: kind } }),
      (outcome) => {
        if (!outcome.ok) setGiven(null);
      },
    );
  };
  const discussing = (given ?? item.verdict?.kind) === "discuss";

  const setting = (field: keyof SettingErrors, work: () => Promise<Outcome>) =>
    run(work, (outcome) => {
      setSettingErrors((errors) => ({ ...errors, [field]: outcome.ok ? undefined : outcome.message }));
    });

  const startDisagree = () => {
    if (!can.review) return setMessage({ ok: false, text: `Your role (${me.role}) can read reviews but not change them.` });
    if (lockedByOther) return setMessage({ ok: false, text: `${item.lock.holder?.name ?? "Someone"} is working on this item; wait until they release it.` });
    setCorrectionErrors(undefined);
    setCorrecting(true);
  };

  const saveCorrection = (correction: Correction) =>
    run(
      () =>
        actions.verdict({
          reviewId,
          // A score that is not a number still goes as one (NaN), so the server's message explains it.
          verdict: correction.scale === "binary" ? { verdict: "disagree", passed: correction.passed } : { verdict: "disagree", score: correction.score.trim() === "" ? Number.NaN : Number(correction.score) },
        }),
      (outcome) => {
        if (outcome.ok) {
          setGiven("disagree");
          setCorrecting(false);
          return;
        }
        const messages = Object.values(outcome.fieldErrors ?? {}).flat().filter((m): m is string => typeof m === "string");
        setCorrectionErrors(messages.length ? messages : [outcome.message]);
        // The form shows the problem beside the field; saying it twice would be noise.
        setMessage(null);
      },
    );

  const addComment = (body: string, parentId: string | null) => actions.addComment({ reviewId, body, parentId: parentId ?? undefined });
  const editComment = (commentId: string, body: string) => actions.editComment({ commentId, body });

  // Marking done moves on, as the fastest annotation queues do: the next item, or back to the list.
  // An item left for discussion is not done (lib/review/status.ts): it stays in review, and `x` moves on.
  const markDone = () => {
    if (discussing) {
      setMessage({ ok: true, text: "Left in review for discussion." });
      return router.push(props.nextHref ?? props.listHref);
    }
    run(
      () => actions.status({ reviewId, status: "done" }),
      (outcome) => (outcome.ok ? (props.nextHref ?? props.listHref) : undefined),
    );
  };

  useEffect(() => {
    if (correcting) correctionRef.current?.focus();
  }, [correcting]);

  const go = (href: string | null, edge: string) => (href ? router.push(href) : setMessage({ ok: false, text: edge }));

  useReviewKeys((command: ReviewCommand) => {
    switch (command) {
      case "next":
        return go(props.nextHref, "This is the last item in the list.");
      case "previous":
        return go(props.previousHref, "This is the first item in the list.");
      case "agree":
        return verdict("agree");
      case "discuss":
        return verdict("discuss");
      case "disagree":
        return startDisagree();
      case "focus-comment":
        if (!can.comment) return setMessage({ ok: false, text: `Your role (${me.role}) can read comments but not write them.` });
        commentRef.current?.scrollIntoView({ block: "center" });
        return commentRef.current?.focus();
      case "done":
        return markDone();
      case "toggle-help":
        return setHelpOpen((open) => !open);
      case "leave-field":
        return;
    }
  });

  return (
    <div className="space-y-5">
      <section aria-labelledby="review-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <header className="flex flex-wrap items-center gap-2">
          <h2 id="review-heading" className="text-base font-semibold">Review</h2>
          <ReviewStatusBadge status={item.status} />
          <ReasonBadges reasons={item.reasons} />
        </header>
        <LockBanner
          lock={item.lock}
          canReview={can.review}
          pending={pending}
          onClaim={() => run(lock.claimNow)}
          onRelease={() => run(lock.releaseNow)}
        />
        {props.underReview ?? <JudgedResult judged={item.judged} />}
        <VerdictControls
          verdict={item.verdict}
          judged={item.judged}
          enabled={enabled}
          pending={pending}
          correcting={correcting}
          correctionErrors={correctionErrors}
          correctionRef={correctionRef}
          onVerdict={verdict}
          onStartDisagree={startDisagree}
          onCorrection={saveCorrection}
          onCancelDisagree={() => {
            setCorrecting(false);
            setCorrectionErrors(undefined);
          }}
        />
        <ItemSettings
          status={item.status}
          labelId={item.labelId}
          labels={props.labels}
          assignee={item.assignee}
          members={props.members}
          me={me}
          enabled={enabled}
          canAssign={can.review}
          pending={pending}
          errors={settingErrors}
          onLabel={(labelId) => setting("label", () => actions.label({ reviewId, labelId }))}
          onStatus={(status) => setting("status", () => actions.status({ reviewId, status }))}
          onAssign={(assigneeId) => setting("assignee", () => actions.assign({ reviewId, assigneeId }))}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={markDone}
            disabled={!enabled || pending}
            aria-keyshortcuts="x"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {discussing ? "Leave for discussion and next" : "Mark done and next"} <kbd aria-hidden="true" className="ml-1 font-mono text-xs opacity-75">x</kbd>
          </button>
          <p role="status" aria-live="polite" data-testid="review-message" className={`text-sm ${message?.ok === false ? "text-rose-800" : "text-emerald-800"}`}>
            {message?.text}
          </p>
        </div>
      </section>
      <ShortcutHelp open={helpOpen} onToggle={() => setHelpOpen((open) => !open)} />
      <CommentThread threads={props.comments} canComment={can.comment} commentRef={commentRef} onAdd={addComment} onEdit={editComment} />
      <ReviewHistory entries={props.history} />
    </div>
  );
}
