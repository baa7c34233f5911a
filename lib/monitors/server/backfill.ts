import { can } from "@/lib/accounts/roles";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { sqliteDateTime } from "@/lib/platform/db/bulk-writer";
import { AppError } from "@/lib/platform/errors/app-error";
import type { BackfillRequest } from "../schemas/monitor";
import type { MonitorActor } from "./save-monitor";

/**
 * Puts the stored transcripts of [from, to) into the monitor's inbox, as if they had just arrived:
 * the worker then filters, samples and judges them beside live arrivals, a step at a time
 * (take-arrivals.ts). Transcripts already in the run add only what they lack. Files still
 * importing are left out: they arrive by themselves when they complete.
 */
export async function backfillMonitor(prisma: PrismaClient, actor: MonitorActor, monitorId: string, request: BackfillRequest, now: Date = new Date()): Promise<{ queued: number }> {
  if (!can(actor.role, "run")) throw new AppError("forbidden", `Your role (${actor.role}) does not allow managing monitors. Ask an admin if you need it.`);
  const monitor = await prisma.monitor.findUnique({ where: { id: monitorId }, select: { id: true } });
  if (!monitor) throw new AppError("not-found", `There is no monitor with id ${JSON.stringify(monitorId)}.`);
  const sqlite = sqlDialect(prisma).provider === "sqlite";
  const at = (date: Date) => (sqlite ? sqliteDateTime(date) : date);
  const to = request.to ?? now;
  const queued = await prisma.$executeRaw(Prisma.sql`
    INSERT INTO "MonitorInbox" ("monitorId", "transcriptId", "arrivedAt")
    SELECT ${monitorId}, t."id", ${at(now)} FROM "Transcript" t
    WHERE t."createdAt" >= ${at(request.from)} AND t."createdAt" < ${at(to)}
      AND NOT EXISTS (SELECT 1 FROM "PendingTranscript" p WHERE p."transcriptId" = t."id")
    ON CONFLICT ("monitorId", "transcriptId") DO NOTHING`);
  return { queued };
}
