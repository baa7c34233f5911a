"use client";

import { useState } from "react";
import { CommentForm } from "./comment-form";
import type { Outcome } from "./outcome";
import { formatWhen } from "./time";
import type { CommentView } from "./types";

interface Props {
  comment: CommentView;
  canComment: boolean;
  onEdit: (commentId: string, body: string) => Promise<Outcome>;
  onReply: (body: string) => Promise<Outcome>;
}

/** One comment with its author and time; its author may edit it, anyone who comments may reply. */
export function CommentItem({ comment, canComment, onEdit, onReply }: Props) {
  const [mode, setMode] = useState<"read" | "edit" | "reply">("read");
  return (
    <article aria-label={`Comment by ${comment.author.name}`} className="rounded-md border border-slate-200 bg-white p-2">
      <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-900">{comment.author.name}</span>
        <time dateTime={comment.createdAt}>{formatWhen(comment.createdAt)}</time>
        {comment.editedAt ? <span title={`Edited ${formatWhen(comment.editedAt)}`}>(edited)</span> : null}
      </header>
      {mode === "edit" ? (
        <div className="mt-1">
          <CommentForm
            label="Edit comment"
            submitLabel="Save"
            defaultValue={comment.body}
            autoFocus
            onSubmit={async (body) => {
              const outcome = await onEdit(comment.id, body);
              if (outcome.ok) setMode("read");
              return outcome;
            }}
            onCancel={() => setMode("read")}
          />
        </div>
      ) : (
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{comment.body}</p>
      )}
      {mode === "read" && canComment ? (
        <div className="mt-1 flex gap-3 text-xs">
          <button type="button" onClick={() => setMode("reply")} className="text-indigo-700 hover:underline">
            Reply
          </button>
          {comment.editable ? (
            <button type="button" onClick={() => setMode("edit")} className="text-indigo-700 hover:underline">
              Edit
            </button>
          ) : null}
        </div>
      ) : null}
      {mode === "reply" ? (
        <div className="mt-2 border-l-2 border-slate-200 pl-3">
          <CommentForm
            label={`Reply to ${comment.author.name}`}
            submitLabel="Reply"
            autoFocus
            onSubmit={async (body) => {
              const outcome = await onReply(body);
              if (outcome.ok) setMode("read");
              return outcome;
            }}
            onCancel={() => setMode("read")}
          />
        </div>
      ) : null}
    </article>
  );
}
