import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Criterion } from "@/lib/criteria/parse";
import type { JudgeResult } from "@/lib/judging/judges/types";
import { widenCallBounds } from "@/lib/runs/server/call-bounds";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import type { ImportSuccess } from "@/lib/transcripts/import-types";
import { preparedTranscript, storeTranscripts } from "@/lib/transcripts/server/store";
import { hoursOf } from "../hours";
import { markHours } from "./take-arrivals";

/** One live check answered by the evaluation API, to keep in a monitor's run. */
export interface LiveCheck {
  monitorId: string;
  /** The request's transcript as the importer read it. */
  imported: ImportSuccess;
  /** The judged call's id in the transcript (its last call). */
  callId: string;
  criterion: Criterion;
  mode: "immediate" | "hindsight";
  result: JudgeResult;
  judgeId: string;
  latencyMs: number;
}

export interface RecordedChecks {
  recorded: number;
  /** Checks naming a monitor that does not exist (the answer was given; nothing is kept). */
  unknownMonitor: number;
}

/**
 * Writes a batch of answered live checks into their monitors' runs: each request's transcript
 * (stored once per content, and not announced to the other monitors: it is this monitor's record),
 * the criterion in the run's criteria, and the result as a finished row. A call checked again with
 * the same criterion and mode keeps its first result, so a client's retry is not counted twice.
 */
export async function recordLiveChecks(prisma: PrismaClient, checks: readonly LiveCheck[], now: Date = new Date()): Promise<RecordedChecks> {
  const report: RecordedChecks = { recorded: 0, unknownMonitor: 0 };
  const monitors = new Map((await prisma.monitor.findMany({ where: { id: { in: [...new Set(checks.map((check) => check.monitorId))] } }, select: { id: true, runId: true } })).map((row) => [row.id, row.runId]));
  const known = checks.filter((check) => monitors.has(check.monitorId));
  report.unknownMonitor = checks.length - known.length;
  if (!known.length) return report;

  const items = known.map((check) => preparedTranscript(check.imported, "live check"));
  const stored = await storeTranscripts(prisma, null, items, undefined, { announce: false });
  const transcriptByHash = new Map<string, string>([...stored.stored.map((row) => [row.hash, row.id] as const), ...stored.duplicates.map((row) => [row.hash, row.existingId] as const)]);

  await prisma.$transaction(async (tx) => {
    const criterionIds = new Map<string, string>();
    for (const text of new Set(known.map((check) => check.criterion.text))) {
      const criterion = known.find((check) => check.criterion.text === text)?.criterion as Criterion;
      const row = await tx.criterion.upsert({
        where: { text },
        create: { text, kind: criterion.kind, scale: criterion.scale, condition: criterion.condition, scope: "call", source: "user" },
        update: {},
        select: { id: true },
      });
      criterionIds.set(text, row.id);
    }
    const added = new Map<string, { rows: number; notApplicable: number; callIds: string[] }>();
    for (const check of known) {
      const runId = monitors.get(check.monitorId) as string;
      const transcriptId = transcriptByHash.get(check.imported.hash);
      if (!transcriptId) continue;
      const call = await tx.toolCall.findFirst({ where: { transcriptId, callId: check.callId }, orderBy: { ordinal: "desc" }, select: { id: true } });
      if (!call) continue;
      const criterionId = criterionIds.get(check.criterion.text) as string;
      const inRun = await tx.runCriterion.findUnique({ where: { runId_criterionId: { runId, criterionId } }, select: { runId: true } });
      if (!inRun) await tx.runCriterion.create({ data: { runId, criterionId, position: await tx.runCriterion.count({ where: { runId } }) } });
      const exists = await tx.evaluation.findUnique({ where: { runId_toolCallId_criterionId_mode: { runId, toolCallId: call.id, criterionId, mode: check.mode } }, select: { id: true } });
      if (exists) continue;
      const applicable = check.result.applicable;
      await tx.evaluation.create({
        data: {
          runId,
          toolCallId: call.id,
          criterionId,
          mode: check.mode,
          status: applicable ? "done" : "not-applicable",
          score: check.result.score,
          passed: check.result.passed,
          explanation: check.result.explanation,
          findings: check.result.findings as object[],
          measuredBy: check.result.measuredBy ?? undefined,
          judgeId: check.judgeId,
          latencyMs: Math.round(check.latencyMs),
          attempts: 1,
          finishedAt: now,
        },
      });
      const counts = added.get(runId) ?? { rows: 0, notApplicable: 0, callIds: [] };
      counts.rows++;
      if (!applicable) counts.notApplicable++;
      counts.callIds.push(call.id);
      added.set(runId, counts);
      report.recorded++;
    }
    for (const [runId, counts] of added) {
      await tx.run.update({ where: { id: runId }, data: { total: { increment: counts.rows }, doneCount: { increment: counts.rows }, notApplicableCount: { increment: counts.notApplicable } } });
      await widenCallBounds(tx, runId, [...new Set(counts.callIds)]);
      const monitorId = known.find((check) => monitors.get(check.monitorId) === runId)?.monitorId as string;
      await markHours(tx, monitorId, hoursOf(counts.callIds));
    }
  }, RUN_TRANSACTION);
  return report;
}
