import { describe, expect, it } from "vitest";
import { commentThreads, type StoredComment } from "./thread";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
const comment = (id: string, minute: number, parentId: string | null = null, authorId = "ana"): StoredComment => ({
  id,
  parentId,
  authorId,
  authorName: authorId === "ana" ? "Ana" : "Ben",
  body: `body ${id}`,
  createdAt: at(minute),
  editedAt: null,
});

describe("commentThreads", () => {
  it("groups replies under their thread, oldest first, whatever the input order", () => {
    const threads = commentThreads([comment("r2", 4, "a", "ben"), comment("b", 2), comment("a", 1), comment("r1", 3, "a", "ben")], "ana");
    expect(threads.map((thread) => [thread.id, thread.replies.map((reply) => reply.id)])).toEqual([
      ["a", ["r1", "r2"]],
      ["b", []],
    ]);
  });

  it("lets only the author edit", () => {
    const [thread] = commentThreads([comment("a", 1), comment("r", 2, "a", "ben")], "ben");
    expect(thread.editable).toBe(false);
    expect(thread.replies[0]).toMatchObject({ editable: true, author: { id: "ben", name: "Ben" } });
  });

  it("keeps replies whose parent is a reply or is missing", () => {
    const threads = commentThreads([comment("a", 1), comment("r", 2, "a"), comment("rr", 3, "r"), comment("orphan", 4, "gone")], "ana");
    expect(threads.map((thread) => [thread.id, thread.replies.map((reply) => reply.id)])).toEqual([
      ["a", ["r", "rr"]],
      ["orphan", []],
    ]);
  });

  it("is empty without comments", () => {
    expect(commentThreads([], "ana")).toEqual([]);
  });
});
