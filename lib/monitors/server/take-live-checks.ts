import { z } from "zod";
import { parseCriterion } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { evalRequestSchema } from "@/lib/judging/schemas/eval-request";
import { importItem } from "@/lib/transcripts/import-item";
import { recordLiveChecks, type LiveCheck } from "./record-live-checks";

/** Checks turned into results per step. */
export const LIVE_CHECKS_PER_STEP = 500;

const replySchema = z.looseObject({
  score: z.number().nullable().optional(),
  passed: z.boolean().nullable().optional(),
  explanation: z.string(),
  findings: z.array(z.looseObject({})).default([]),
  judge: z.string(),
  view: z.enum(["immediate", "hindsight"]),
  tool_call_id: z.string(),
});

/** One received check as the result it was answered with; null for one that cannot be read back (it is dropped). */
export function readLiveCheck(row: { monitorId: string; body: string; reply: string; receivedAt: Date }): LiveCheck | null {
  try {
    const request = evalRequestSchema.safeParse(JSON.parse(row.body));
    const reply = replySchema.safeParse(JSON.parse(row.reply));
    if (!request.success || !reply.success) return null;
    const criterion = parseCriterion(request.data.criterion);
    const imported = importItem(request.data.request, { file: "live check" });
    if (!criterion.ok || !imported.ok) return null;
    const { passed = null, explanation, findings, judge, view, tool_call_id: callId } = reply.data;
    // /binary answers no score; a pass/fail criterion's score is its verdict.
    const score = reply.data.score ?? (passed === null ? null : passed ? 1 : 0);
    const applicable = score !== null || passed !== null;
    return {
      monitorId: row.monitorId,
      imported,
      callId,
      criterion: criterion.criterion,
      mode: view,
      result: { score, passed: criterion.criterion.scale === "binary" ? passed : null, applicable, explanation, findings: findings as unknown as LiveCheck["result"]["findings"] },
      judgeId: judge,
      latencyMs: 0,
    };
  } catch {
    return null;
  }
}

/**
 * Turns received live checks into their monitors' results (record-live-checks.ts), oldest first,
 * a step at a time; the rows go once their results are written. Returns how many it took and
 * whether more wait.
 */
export async function takeLiveChecks(prisma: PrismaClient, now: Date = new Date()): Promise<{ taken: number; more: boolean }> {
  const rows = await prisma.liveCheckInbox.findMany({ orderBy: { id: "asc" }, take: LIVE_CHECKS_PER_STEP + 1 });
  if (!rows.length) return { taken: 0, more: false };
  const batch = rows.slice(0, LIVE_CHECKS_PER_STEP);
  const checks = batch.map(readLiveCheck).filter((check): check is LiveCheck => check !== null);
  if (checks.length) await recordLiveChecks(prisma, checks, now);
  await prisma.liveCheckInbox.deleteMany({ where: { id: { in: batch.map((row) => row.id) } } });
  return { taken: batch.length, more: rows.length > LIVE_CHECKS_PER_STEP };
}
