import type { PrismaClient } from "@/lib/generated/prisma/client";
import { describeEvent, parseReviewEvent, type ReviewEventKind } from "@/lib/review/history";

/** One history entry as the item page shows it. */
export interface HistoryEntry {
  id: string;
  /** The stored kind; unknown kinds from other versions come through as they are. */
  kind: ReviewEventKind | string;
  actor: { id: string; name: string };
  createdAt: Date;
  /** The entry in one sentence: "Ana disagreed: judge said pass, should be fail". */
  sentence: string;
  data: unknown;
}

/** Members an entry names besides its actor (assignees, a lock's previous holder). */
function mentionedUserIds(kind: string, data: unknown): string[] {
  const event = parseReviewEvent(kind, data);
  if (event?.kind === "assigned") return [event.data.from, event.data.to].filter((id) => id !== null);
  if (event?.kind === "claimed" && event.data.takenFrom) return [event.data.takenFrom];
  return [];
}

/** An item's history, newest first, each entry with its actor and a sentence. */
export async function itemHistory(prisma: PrismaClient, reviewId: string): Promise<HistoryEntry[]> {
  const events = await prisma.reviewEvent.findMany({
    where: { reviewId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, kind: true, data: true, createdAt: true, actor: { select: { id: true, name: true } } },
  });
  // Within one millisecond the ids decide, and they say nothing of order between the bulk-written
  // "created" entry and a later one: an item's creation comes first whatever the clock says.
  events.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || Number(a.kind === "created") - Number(b.kind === "created"));
  const names = new Map(events.map((event) => [event.actor.id, event.actor.name]));
  const missing = [...new Set(events.flatMap((event) => mentionedUserIds(event.kind, event.data)))].filter((id) => !names.has(id));
  if (missing.length > 0) {
    for (const user of await prisma.user.findMany({ where: { id: { in: missing } }, select: { id: true, name: true } })) names.set(user.id, user.name);
  }
  return events.map((event) => ({
    id: event.id,
    kind: event.kind,
    actor: event.actor,
    createdAt: event.createdAt,
    sentence: describeEvent({ actorId: event.actor.id, kind: event.kind, data: event.data }, names),
    data: event.data,
  }));
}
