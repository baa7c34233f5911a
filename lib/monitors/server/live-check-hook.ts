import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AnsweredCheck, OnAnswered } from "@/lib/judging/server/live-check/on-answered";
import type { SerializedReply } from "@/lib/judging/engine/checks-thread-protocol";
import type { LiveCheckRow } from "./live-check-writer-protocol";
import { liveCheckWriter, type WriteLiveChecks } from "./live-check-writer";

/** How long an answered check waits to be written with others, and how many make a batch written at once. */
export const LIVE_CHECK_FLUSH_MS = 250;
export const LIVE_CHECK_BATCH = 500;
/** Checks held while the database is slow or down: beyond this, new ones are dropped (and counted) rather than held without end. */
export const LIVE_CHECK_BACKLOG = 20_000;
/** Whether a monitor exists is asked again after this long (a monitor deleted meanwhile stops taking checks then). */
const MONITOR_TTL_MS = 5_000;

/** The monitor a check names: `?monitor=<id>`, or the `x-callboard-monitor` header. */
export function monitorOf(check: Pick<AnsweredCheck, "url" | "headers">): string | null {
  const query = check.url.indexOf("?");
  const fromQuery = query < 0 ? null : new URLSearchParams(check.url.slice(query + 1)).get("monitor");
  const id = (fromQuery ?? check.headers.get("x-callboard-monitor") ?? "").trim();
  return id && id.length <= 100 ? id : null;
}

type Row = LiveCheckRow;

/**
 * The live-check server's hook that keeps checks naming a monitor: the request and its answer,
 * as received, go into LiveCheckInbox every LIVE_CHECK_FLUSH_MS (or LIVE_CHECK_BATCH checks),
 * after the answers went out, written off the event loop (live-check-writer.ts); the worker
 * reads, stores and counts them (take-live-checks.ts). No parsing happens here. A failed batch is
 * tried again with the next; past the backlog, checks are dropped and counted.
 */
export function monitorLiveCheckHook(prisma: () => PrismaClient, onError: (error: unknown) => void = (error) => console.error("callboard: recording live checks failed:", error)) {
  let queue: Row[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let dropped = 0;
  let write: WriteLiveChecks | null = null;
  const known = new Map<string, { exists: boolean; at: number }>();

  async function exists(monitorId: string): Promise<boolean> {
    const cached = known.get(monitorId);
    if (cached && Date.now() - cached.at < MONITOR_TTL_MS) return cached.exists;
    const found = (await prisma().monitor.count({ where: { id: monitorId } })) > 0;
    known.set(monitorId, { exists: found, at: Date.now() });
    return found;
  }

  function flush(): Promise<void> {
    timer = null;
    if (writing || !queue.length) return writing ?? Promise.resolve();
    const batch = queue.slice(0, LIVE_CHECK_BATCH);
    queue = queue.slice(batch.length);
    write ??= liveCheckWriter(prisma());
    writing = write(batch)
      .then(() => undefined)
      .catch((error: unknown) => {
        queue = [...batch, ...queue].slice(0, LIVE_CHECK_BACKLOG);
        onError(error);
      })
      .finally(() => {
        writing = null;
        if (queue.length) schedule();
      });
    return writing;
  }
  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => void flush(), LIVE_CHECK_FLUSH_MS);
    timer.unref();
  }

  const hook: OnAnswered = async (check: AnsweredCheck, reply: SerializedReply) => {
    const monitorId = monitorOf(check);
    if (!monitorId || reply.status !== 200 || !check.body) return;
    if (!(await exists(monitorId))) return;
    if (queue.length >= LIVE_CHECK_BACKLOG) {
      dropped++;
      return;
    }
    queue.push({ monitorId, endpoint: check.endpoint, body: Buffer.from(check.body).toString("utf8"), reply: reply.text, receivedAt: check.receivedAt });
    if (queue.length >= LIVE_CHECK_BATCH) void flush();
    else schedule();
  };
  return {
    hook,
    /** Writes what is queued (tests, shutdown). */
    async drain(): Promise<void> {
      while (queue.length || writing) await flush();
    },
    get dropped() {
      return dropped;
    },
  };
}
