import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runJudgeSchema, type RunMode } from "@/lib/runs/schemas/runs";
import { monitorFilterSchema, type MonitorFilter } from "../schemas/filter";
import { formatWindow } from "../schemas/window";
import type { AlertEventView } from "../views";

export type { AlertEventView } from "../views";

export interface MonitorRuleView {
  id: string;
  criterion: { id: string; text: string };
  below?: number;
  above?: number;
  window: number | string;
  webhook: string;
  state: "ok" | "firing";
  value: number | null;
  measuredAt: string | null;
}

export interface MonitorView {
  id: string;
  name: string;
  runId: string;
  criteria: { id: string; text: string; scope: string; scale: string }[];
  judge: string;
  judgeId: string;
  mode: RunMode;
  sample: number;
  filter: MonitorFilter;
  alert: MonitorRuleView[];
  review: { perDay: number; queueId: string } | null;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
  run: { status: string; total: number; done: number; errors: number };
  /** Arrivals not looked at yet. */
  waiting: number;
  links: { page: string; run: string; api: string };
}

const SELECT = {
  id: true,
  name: true,
  runId: true,
  filter: true,
  sample: true,
  paused: true,
  reviewPerDay: true,
  reviewQueueId: true,
  createdAt: true,
  updatedAt: true,
  run: {
    select: {
      judgeId: true,
      judgeSettings: true,
      mode: true,
      status: true,
      total: true,
      doneCount: true,
      errorCount: true,
      criteria: { orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, scope: true, scale: true } } } },
    },
  },
  rules: {
    orderBy: { position: "asc" },
    select: { id: true, direction: true, threshold: true, windowCalls: true, windowMs: true, webhook: true, state: true, value: true, measuredAt: true, criterion: { select: { id: true, text: true } } },
  },
  _count: { select: { inbox: true } },
} as const;

type Row = NonNullable<Awaited<ReturnType<typeof findMonitor>>>;

function findMonitor(prisma: PrismaClient, id: string) {
  return prisma.monitor.findUnique({ where: { id }, select: SELECT });
}

function toView(row: Row): MonitorView {
  const judge = runJudgeSchema.safeParse(row.run.judgeSettings);
  return {
    id: row.id,
    name: row.name,
    runId: row.runId,
    criteria: row.run.criteria.map((entry) => entry.criterion),
    judge: judge.success ? judge.data.kind : row.run.judgeId,
    judgeId: row.run.judgeId,
    mode: row.run.mode as RunMode,
    sample: row.sample,
    filter: monitorFilterSchema.catch({ source: "all" }).parse(row.filter),
    alert: row.rules.map((rule) => ({
      id: rule.id,
      criterion: rule.criterion,
      ...(rule.direction === "above" ? { above: rule.threshold } : { below: rule.threshold }),
      window: formatWindow(rule.windowCalls ? { calls: rule.windowCalls } : { ms: rule.windowMs ?? 3_600_000 }),
      webhook: rule.webhook,
      state: rule.state === "firing" ? "firing" : "ok",
      value: rule.value,
      measuredAt: rule.measuredAt?.toISOString() ?? null,
    })),
    review: row.reviewPerDay && row.reviewQueueId ? { perDay: row.reviewPerDay, queueId: row.reviewQueueId } : null,
    paused: row.paused,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    run: { status: row.run.status, total: row.run.total, done: row.run.doneCount, errors: row.run.errorCount },
    waiting: row._count.inbox,
    links: { page: `/monitors/${row.id}`, run: `/runs/${row.runId}`, api: `/api/monitors/${row.id}` },
  };
}

export async function getMonitor(prisma: PrismaClient, id: string): Promise<MonitorView | null> {
  const row = await findMonitor(prisma, id);
  return row ? toView(row) : null;
}

/** Every monitor, newest first (a team keeps a handful). */
export async function listMonitors(prisma: PrismaClient): Promise<MonitorView[]> {
  const rows = await prisma.monitor.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: SELECT });
  return rows.map(toView);
}


/** The monitor's alert transitions, newest first, with how their posts went. */
export async function alertHistory(prisma: PrismaClient, monitorId: string, take = 50): Promise<AlertEventView[]> {
  const rows = await prisma.alertEvent.findMany({
    where: { monitorId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, state: true, value: true, threshold: true, createdAt: true, delivery: true, attempts: true, lastError: true, deliveredAt: true, payload: true },
  });
  return rows.map((row) => {
    const payload = row.payload as { criterion?: { text?: unknown } } | null;
    return {
      id: row.id,
      state: row.state === "resolved" ? "resolved" : "firing",
      criterion: typeof payload?.criterion?.text === "string" ? payload.criterion.text : null,
      value: row.value,
      threshold: row.threshold,
      createdAt: row.createdAt.toISOString(),
      delivery: row.delivery,
      attempts: row.attempts,
      lastError: row.lastError,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    };
  });
}
