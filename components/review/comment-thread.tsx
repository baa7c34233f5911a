"use client";

import type { Ref } from "react";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";
import type { Outcome } from "./outcome";
import type { CommentThreadView, CommentView } from "./types";

interface Props {
  threads: CommentThreadView[];
  canComment: boolean;
  commentRef: Ref<HTMLTextAreaElement>;
  onAdd: (body: string, parentId: string | null) => Promise<Outcome>;
  onEdit: (commentId: string, body: string) => Promise<Outcome>;
}

/** Comments in threads, oldest first, so a discussion reads top to bottom. */
export function CommentThread({ threads, canComment, commentRef, onAdd, onEdit }: Props) {
  const count = threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);
  // Replies answer the thread's first comment, so "Reply" on a reply joins the same thread.
  const item = (comment: CommentView, threadId: string) => (
    <CommentItem comment={comment} canComment={canComment} onEdit={onEdit} onReply={(body) => onAdd(body, threadId)} />
  );

  return (
    <section aria-labelledby="comments-heading" className="space-y-3">
      <h2 id="comments-heading" className="text-base font-semibold">
        Comments <span className="font-normal text-slate-500">({count})</span>
      </h2>
      {threads.length === 0 ? <p className="text-sm text-slate-600">No comments yet.</p> : null}
      {threads.length > 0 ? (
        <ol className="space-y-2" aria-label="Comment threads">
          {threads.map((thread) => (
            <li key={thread.id}>
              {item(thread, thread.id)}
              {thread.replies.length > 0 ? (
                <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3" aria-label={`Replies to ${thread.author.name}`}>
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>{item(reply, thread.id)}</li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {canComment ? (
        <CommentForm label="New comment" submitLabel="Comment" textareaRef={commentRef} onSubmit={(body) => onAdd(body, null)} />
      ) : (
        <p className="text-sm text-slate-600">Your role can read comments but not write them.</p>
      )}
    </section>
  );
}
