/** A comment as stored, with its author's name. */
export interface StoredComment {
  id: string;
  parentId: string | null;
  authorId: string;
  authorName: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
}

/** A comment as the item page shows it. */
export interface ThreadComment {
  id: string;
  parentId: string | null;
  author: { id: string; name: string };
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  /** Whether the viewer may edit it: only its author may. */
  editable: boolean;
}

/** A comment that starts a thread, with its replies oldest first. */
export interface CommentThread extends ThreadComment {
  replies: ThreadComment[];
}

const byTime = (a: StoredComment, b: StoredComment) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * An item's comments as threads, oldest first, one level deep (replies answer the thread's
 * first comment). A reply whose thread start is missing is shown as a thread of its own rather
 * than lost.
 */
export function commentThreads(comments: readonly StoredComment[], viewerId: string): CommentThread[] {
  const view = (comment: StoredComment): ThreadComment => ({
    id: comment.id,
    parentId: comment.parentId,
    author: { id: comment.authorId, name: comment.authorName },
    body: comment.body,
    createdAt: comment.createdAt,
    editedAt: comment.editedAt,
    editable: comment.authorId === viewerId,
  });
  const sorted = [...comments].sort(byTime);
  const ids = new Set(sorted.map((comment) => comment.id));
  const threads = new Map<string, CommentThread>();
  for (const comment of sorted) {
    if (comment.parentId === null || !ids.has(comment.parentId)) threads.set(comment.id, { ...view(comment), replies: [] });
  }
  for (const comment of sorted) {
    if (comment.parentId === null || threads.has(comment.id)) continue;
    const thread = threads.get(comment.parentId);
    // A reply to a reply (only data from elsewhere holds one) joins the root thread of its parent.
    const root = thread ?? [...threads.values()].find((candidate) => candidate.replies.some((reply) => reply.id === comment.parentId));
    if (root) root.replies.push(view(comment));
    else threads.set(comment.id, { ...view(comment), replies: [] });
  }
  return [...threads.values()];
}
