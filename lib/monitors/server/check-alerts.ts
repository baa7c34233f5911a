import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import { alertPayload, nextAlertState, type AlertState } from "../alerts";
import { publicOrigin } from "@/lib/platform/http/request-origin";
import type { AlertWindow } from "../schemas/window";
import { windowValue } from "./window-value";

/** A period window is measured again this often even with no new result: old results leave it as time passes. */
const PERIOD_RECHECK_MS = 30_000;

/** What each rule's run counted when it was last measured, in this process: unchanged runs are not measured again. */
const lastCounts = new Map<string, { count: number; at: number }>();

export interface AlertCheck {
  measured: number;
  transitions: number;
}

/**
 * Measures the alert rules of every monitor that is not paused, when its run has new results, and
 * writes each transition (firing, resolved) as an AlertEvent to post. The rule's state changes
 * only from the state it was read in, so two workers measuring at once announce a transition once.
 */
export async function checkAlerts(prisma: PrismaClient, now: Date = new Date(), origin: string = publicOrigin()): Promise<AlertCheck> {
  const rules = await prisma.alertRule.findMany({
    where: { monitor: { paused: false } },
    select: {
      id: true,
      direction: true,
      threshold: true,
      windowCalls: true,
      windowMs: true,
      webhook: true,
      state: true,
      criterion: { select: { id: true, text: true, scale: true, scope: true } },
      monitor: { select: { id: true, name: true, runId: true, run: { select: { doneCount: true, errorCount: true } } } },
    },
  });
  const report: AlertCheck = { measured: 0, transitions: 0 };
  for (const rule of rules) {
    const count = rule.monitor.run.doneCount + rule.monitor.run.errorCount;
    const last = lastCounts.get(rule.id);
    const window: AlertWindow = rule.windowCalls ? { calls: rule.windowCalls } : { ms: rule.windowMs ?? 3_600_000 };
    const stale = "ms" in window && (!last || now.getTime() - last.at >= PERIOD_RECHECK_MS);
    if (last && last.count === count && !stale) continue;
    lastCounts.set(rule.id, { count, at: now.getTime() });
    const measured = await windowValue(prisma, rule.monitor.runId, rule.criterion, window, now.getTime());
    report.measured++;
    const direction = rule.direction === "above" ? "above" : "below";
    const next = nextAlertState({ direction, threshold: rule.threshold, state: rule.state as AlertState }, measured.value);
    await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
      const moved = await tx.alertRule.updateMany({ where: { id: rule.id, state: rule.state }, data: { state: next.state, value: measured.value, measuredAt: now } });
      if (!moved.count || !next.transition || measured.value === null) return;
      const params = new URLSearchParams({ criterion: rule.criterion.id, verdict: "fail" });
      const payload = alertPayload({
        monitor: rule.monitor,
        criterion: rule.criterion,
        measure: rule.criterion.scale === "binary" ? "pass rate" : "mean score",
        direction,
        value: measured.value,
        threshold: rule.threshold,
        window,
        judged: measured.judged,
        state: next.transition,
        link: `${origin}/runs/${rule.monitor.runId}?${params}`,
        at: now,
      });
      await tx.alertEvent.create({ data: { monitorId: rule.monitor.id, ruleId: rule.id, state: next.transition, value: measured.value, threshold: rule.threshold, payload, webhook: rule.webhook, nextAttemptAt: now } });
      report.transitions++;
    }, RUN_TRANSACTION);
  }
  return report;
}
