import type { PrismaClient } from "@/lib/generated/prisma/client";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "../alerts";

/** A webhook gets this long to answer; a hung one is then retried later like a failed one. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** A claimed post is another worker's again after this long (its process may have died mid-post). */
const CLAIM_MS = 3 * WEBHOOK_TIMEOUT_MS;

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

type Post = (url: string, body: string, signal: AbortSignal) => Promise<{ ok: boolean; status: number }>;

const httpPost: Post = async (url, body, signal) => {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "user-agent": "Callboard alerts" }, body, signal, redirect: "manual" });
  // The body is not needed, but must be read (or cancelled) for the connection to be reused.
  await response.body?.cancel();
  return { ok: response.ok, status: response.status };
};

/**
 * Posts the alert transitions that are due, oldest first, each once per worker claim. A failed
 * or hung post is tried again with growing waits (retryDelayMs) and given up after
 * MAX_DELIVERY_ATTEMPTS; a rule's later transition waits for its earlier one, so a chat never
 * reads "resolved" before "firing". Meant to run beside judging, never awaited by it.
 */
export async function deliverDueAlerts(prisma: PrismaClient, now: Date = new Date(), post: Post = httpPost): Promise<DeliveryReport> {
  const due = await prisma.alertEvent.findMany({
    where: { delivery: "pending", nextAttemptAt: { lte: now }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    orderBy: { createdAt: "asc" },
    take: 20,
    select: { id: true, ruleId: true, monitorId: true, createdAt: true, payload: true, webhook: true, attempts: true },
  });
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  for (const event of due) {
    const earlier = await prisma.alertEvent.findFirst({ where: { delivery: "pending", monitorId: event.monitorId, ruleId: event.ruleId, createdAt: { lt: event.createdAt } }, select: { id: true } });
    if (earlier) continue;
    const claimed = await prisma.alertEvent.updateMany({
      where: { id: event.id, delivery: "pending", OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
      data: { claimedUntil: new Date(now.getTime() + CLAIM_MS) },
    });
    if (!claimed.count) continue;
    const attempts = event.attempts + 1;
    let error: string | null = null;
    try {
      const answer = await post(event.webhook, JSON.stringify(event.payload), AbortSignal.timeout(WEBHOOK_TIMEOUT_MS));
      if (!answer.ok) error = `the webhook answered HTTP ${answer.status}`;
    } catch (caught) {
      error = caught instanceof Error && caught.name === "TimeoutError" ? `the webhook did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : `the post failed: ${caught instanceof Error ? caught.message : String(caught)}`;
    }
    const finishedAt = new Date();
    if (!error) {
      await prisma.alertEvent.update({ where: { id: event.id }, data: { delivery: "delivered", attempts, deliveredAt: finishedAt, claimedUntil: null, lastError: null } });
      report.delivered++;
    } else {
      const givenUp = attempts >= MAX_DELIVERY_ATTEMPTS;
      await prisma.alertEvent.update({
        where: { id: event.id },
        data: { delivery: givenUp ? "failed" : "pending", attempts, lastError: error, claimedUntil: null, nextAttemptAt: new Date(finishedAt.getTime() + retryDelayMs(attempts)) },
      });
      report.failed++;
    }
  }
  return report;
}
