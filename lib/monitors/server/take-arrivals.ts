import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { RUN_MODES } from "@/lib/runs/schemas/runs";
import { widenCallBounds } from "@/lib/runs/server/call-bounds";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import { planEvaluations } from "@/lib/runs/server/plan-evaluations";
import { z } from "zod";
import { matchesFilter, monitorFilterSchema, type TranscriptFacts } from "../schemas/filter";
import { sampled } from "../sample";
import { hoursOf } from "../hours";

/** Transcripts taken from one monitor's inbox per transaction: a backfill of many goes in steps, beside live arrivals. */
export const ARRIVALS_PER_STEP = 100;

const metadataSchema = z.record(z.string(), z.unknown()).catch({});
const tagsSchema = z.array(z.string()).catch([]);

type TranscriptRow = { id: string; model: string | null; service: string | null; tags: string | null; metadata: unknown; upload: { source: string } | null };

function factsOf(row: TranscriptRow): TranscriptFacts {
  const source = row.upload ? (row.upload.source === "browser" ? "uploads" : row.upload.source) : "traces";
  return {
    source: source === "api" || source === "cli" || source === "demo" || source === "uploads" ? source : "traces",
    model: row.model,
    service: row.service,
    tags: row.tags ? tagsSchema.parse(JSON.parse(row.tags)) : [],
    metadata: metadataSchema.parse(row.metadata),
  };
}

export interface ArrivalsTaken {
  /** Inbox rows looked at (and removed). */
  taken: number;
  /** Transcripts added to a monitor's run. */
  judged: number;
  /** Evaluation rows created. */
  rows: number;
  /** More arrivals are waiting. */
  more: boolean;
}

/** Marks the hours whose trend figures are due (rollup-hours.ts sums them once their results are in). */
export async function markHours(tx: Prisma.TransactionClient, monitorId: string, hours: Iterable<number>): Promise<void> {
  for (const hour of new Set(hours)) {
    const at = new Date(hour);
    await tx.monitorHour.upsert({ where: { monitorId_hour: { monitorId, hour: at } }, create: { monitorId, hour: at }, update: { dirty: true, marks: { increment: 1 } } });
  }
}

/**
 * Moves the arrivals of one monitor into its run: each transcript that passes the filter and the
 * sampling gets its evaluation rows (and its agent-level rows), the run's counters grow, and the
 * run opens again for the worker. The inbox rows go in the same transaction, and the rows are
 * inserted only where missing: a restart in between neither loses nor doubles anything, and a
 * trace that changed (late spans) adds only its new calls.
 */
async function takeForMonitor(tx: Prisma.TransactionClient, monitorId: string, now: Date): Promise<ArrivalsTaken> {
  const monitor = await tx.monitor.findUnique({
    where: { id: monitorId },
    select: { id: true, runId: true, filter: true, sample: true, paused: true, run: { select: { mode: true, criteria: { orderBy: { position: "asc" }, select: { criterionId: true, criterion: { select: { scope: true } } } } } } },
  });
  if (!monitor) return { taken: 0, judged: 0, rows: 0, more: false };
  // On PostgreSQL two workers may take the same inbox: the run's lock makes the second wait, then find the rows gone.
  await lockRowsForUpdate(tx, "Run", [monitor.runId]);
  const inbox = await tx.monitorInbox.findMany({ where: { monitorId }, orderBy: { arrivedAt: "asc" }, take: ARRIVALS_PER_STEP + 1, select: { transcriptId: true } });
  const more = inbox.length > ARRIVALS_PER_STEP;
  const ids = inbox.slice(0, ARRIVALS_PER_STEP).map((row) => row.transcriptId);
  if (!ids.length) return { taken: 0, judged: 0, rows: 0, more: false };
  await tx.monitorInbox.deleteMany({ where: { monitorId, transcriptId: { in: ids } } });
  if (monitor.paused) return { taken: ids.length, judged: 0, rows: 0, more };

  const filter = monitorFilterSchema.parse(monitor.filter);
  const transcripts = await tx.transcript.findMany({
    where: { id: { in: ids }, pending: null },
    select: { id: true, model: true, service: true, tags: true, metadata: true, upload: { select: { source: true } } },
  });
  const chosen = transcripts.filter((row) => matchesFilter(filter, factsOf(row)) && sampled(monitor.id, row.id, monitor.sample)).map((row) => row.id);
  if (!chosen.length) return { taken: ids.length, judged: 0, rows: 0, more };

  const callCriteria = monitor.run.criteria.filter((row) => row.criterion.scope !== "agent").map((row) => row.criterionId);
  const agentCriteria = monitor.run.criteria.filter((row) => row.criterion.scope === "agent").map((row) => row.criterionId);
  const calls = callCriteria.length
    ? await tx.toolCall.findMany({ where: { transcriptId: { in: chosen } }, orderBy: [{ transcriptId: "asc" }, { ordinal: "asc" }], select: { id: true, callId: true, toolName: true, responseIndex: true } })
    : [];
  const planned = planEvaluations(calls, callCriteria, z.enum(RUN_MODES).parse(monitor.run.mode));
  const existing = new Set(
    planned.length
      ? (await tx.evaluation.findMany({ where: { runId: monitor.runId, toolCallId: { in: calls.map((call) => call.id) } }, select: { toolCallId: true, criterionId: true, mode: true } })).map((row) => `${row.toolCallId}/${row.criterionId}/${row.mode}`)
      : [],
  );
  const fresh = planned.filter((row) => !existing.has(`${row.toolCallId}/${row.criterionId}/${row.mode}`));
  const agentExisting = new Set(
    agentCriteria.length ? (await tx.transcriptEvaluation.findMany({ where: { runId: monitor.runId, transcriptId: { in: chosen } }, select: { transcriptId: true, criterionId: true } })).map((row) => `${row.transcriptId}/${row.criterionId}`) : [],
  );
  const agentRows = chosen.flatMap((transcriptId) => agentCriteria.filter((criterionId) => !agentExisting.has(`${transcriptId}/${criterionId}`)).map((criterionId) => ({ runId: monitor.runId, transcriptId, criterionId })));

  if (fresh.length) {
    await tx.evaluation.createMany({
      data: fresh.map((row) => ({
        runId: monitor.runId,
        toolCallId: row.toolCallId,
        criterionId: row.criterionId,
        mode: row.mode,
        ...(row.notApplicable === undefined ? {} : { status: "not-applicable", explanation: row.notApplicable, finishedAt: now }),
      })),
    });
    await widenCallBounds(tx, monitor.runId, [...new Set(fresh.map((row) => row.toolCallId))]);
  }
  if (agentRows.length) await tx.transcriptEvaluation.createMany({ data: agentRows });
  const settled = fresh.filter((row) => row.notApplicable !== undefined).length;
  const added = fresh.length + agentRows.length;
  if (added) {
    await markHours(tx, monitor.id, [...hoursOf(fresh.map((row) => row.toolCallId)), ...hoursOf(agentRows.map((row) => row.transcriptId))]);
    const open = added > settled;
    await tx.run.update({
      where: { id: monitor.runId },
      data: {
        total: { increment: added },
        doneCount: { increment: settled },
        notApplicableCount: { increment: settled },
        // Open again for the worker; it closes the run when its last row is written.
        ...(open ? { status: "running", finishedAt: null } : {}),
      },
    });
    if (open) await tx.run.updateMany({ where: { id: monitor.runId, startedAt: null }, data: { startedAt: now } });
  }
  return { taken: ids.length, judged: chosen.length, rows: added, more };
}

/**
 * One step for every monitor with arrivals waiting, each in its own transaction (the worker calls
 * this every turn: with an empty inbox it costs one small read).
 */
export async function takeArrivals(prisma: PrismaClient, now: Date = new Date()): Promise<ArrivalsTaken> {
  const waiting = (await prisma.monitor.findMany({ where: { inbox: { some: {} } }, select: { id: true } })).map((monitor) => ({ monitorId: monitor.id }));
  const total: ArrivalsTaken = { taken: 0, judged: 0, rows: 0, more: false };
  for (const { monitorId } of waiting) {
    const step = await prisma.$transaction((tx) => takeForMonitor(tx, monitorId, now), RUN_TRANSACTION);
    total.taken += step.taken;
    total.judged += step.judged;
    total.rows += step.rows;
    total.more ||= step.more;
  }
  return total;
}
