import { can, type Role } from "@/lib/accounts/roles";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { judgeConfigFromEnv, JUDGE_LABELS, publicJudgeConfig, type JudgeEnv } from "@/lib/judging/judges/registry";
import { AppError } from "@/lib/platform/errors/app-error";
import { runJudgeId } from "@/lib/runs/schemas/runs";
import type { RunJudgeKind } from "@/lib/runs/schemas/start-run";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import { resolveCriteria } from "@/lib/runs/server/resolve-criteria";
import type { AlertRuleRequest, CreateMonitorRequest, UpdateMonitorRequest } from "../schemas/monitor";

export interface MonitorActor {
  id: string;
  role: Role;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

function checkRole(actor: MonitorActor): void {
  if (!can(actor.role, "run")) throw new AppError("forbidden", `Your role (${actor.role}) does not allow managing monitors. Ask an admin if you need it.`);
}

function judgeSettings(kind: RunJudgeKind, env: JudgeEnv) {
  const judge = judgeConfigFromEnv(kind, env);
  if (!judge.ok) throw new AppError("judge-not-configured", `judge: the ${JUDGE_LABELS[kind]} judge is not configured on this server: ${judge.reason}.`, { path: "judge" });
  const settings = publicJudgeConfig(judge.config);
  return { judgeId: runJudgeId(settings), judgeSettings: settings };
}

/** Each rule's criterion as an id among the monitor's criteria (given by id or by text). */
async function ruleCriteria(prisma: PrismaClient | Tx, rules: readonly AlertRuleRequest[], criterionIds: readonly string[]): Promise<string[]> {
  const stored = await prisma.criterion.findMany({ where: { id: { in: [...criterionIds] } }, select: { id: true, text: true } });
  return rules.map((rule, index) => {
    const ref = rule.criterion.trim();
    const found = stored.find((criterion) => criterion.id === ref || criterion.text === ref);
    if (!found) {
      const path = `alert[${index}].criterion`;
      throw new AppError("unknown-criteria", `${path}: ${JSON.stringify(ref)} is not one of this monitor's criteria; an alert watches a criterion the monitor judges.`, { path });
    }
    return found.id;
  });
}

async function writeRules(tx: Tx, monitorId: string, rules: readonly AlertRuleRequest[], criterionIds: readonly string[]): Promise<void> {
  await tx.alertRule.deleteMany({ where: { monitorId } });
  if (!rules.length) return;
  await tx.alertRule.createMany({
    data: rules.map((rule, position) => ({
      monitorId,
      position,
      criterionId: criterionIds[position],
      direction: rule.direction,
      threshold: rule.threshold,
      windowCalls: "calls" in rule.window ? rule.window.calls : null,
      windowMs: "ms" in rule.window ? rule.window.ms : null,
      webhook: rule.webhook,
    })),
  });
}

/** The review queue a monitor feeds, made with it (a queue needs a creator: the monitor's). */
async function reviewQueueFor(tx: Tx, name: string, runId: string, actorId: string): Promise<string> {
  const queue = await tx.reviewQueue.create({ data: { name: `${name}: failures`, runId, filter: { verdict: "fail", source: "monitor" }, createdById: actorId }, select: { id: true } });
  return queue.id;
}

/**
 * Creates a monitor and its run. The run starts empty and idle: the worker adds each new
 * transcript that matches (take-arrivals.ts). Criteria given as text are added to the library as
 * a run's are; nothing is written unless every criterion, rule and the judge check out.
 */
export async function createMonitor(prisma: PrismaClient, actor: MonitorActor, request: CreateMonitorRequest, env: JudgeEnv): Promise<{ id: string; runId: string }> {
  checkRole(actor);
  const judge = judgeSettings(request.judge, env);
  const criterionIds = await resolveCriteria(prisma, actor, request.criteria);
  const rules = request.alert ?? [];
  const ruleIds = await ruleCriteria(prisma, rules, criterionIds);
  return prisma.$transaction(async (tx) => {
    const run = await tx.run.create({
      data: { name: `Monitor: ${request.name}`, ...judge, mode: request.mode, status: "done", selection: { kind: "monitor" }, total: 0, materialising: false },
      select: { id: true },
    });
    await tx.runCriterion.createMany({ data: criterionIds.map((criterionId, position) => ({ runId: run.id, criterionId, position })) });
    const reviewQueueId = request.review ? await reviewQueueFor(tx, request.name, run.id, actor.id) : null;
    const monitor = await tx.monitor.create({
      data: { name: request.name, runId: run.id, filter: request.filter, sample: request.sample, paused: request.paused, reviewQueueId, reviewPerDay: request.review?.perDay ?? null, createdById: actor.id },
      select: { id: true },
    });
    await writeRules(tx, monitor.id, rules, ruleIds);
    return { id: monitor.id, runId: run.id };
  }, RUN_TRANSACTION);
}

/**
 * Changes a monitor. New criteria, judge, mode, filter and sampling apply to transcripts that
 * arrive from now on; results already in the run stay as they were judged. `alert` replaces the
 * rules (their history stays on the monitor's page).
 */
export async function updateMonitor(prisma: PrismaClient, actor: MonitorActor, id: string, request: UpdateMonitorRequest, env: JudgeEnv): Promise<void> {
  checkRole(actor);
  const monitor = await prisma.monitor.findUnique({ where: { id }, select: { id: true, name: true, runId: true, reviewQueueId: true, run: { select: { criteria: { orderBy: { position: "asc" }, select: { criterionId: true } } } } } });
  if (!monitor) throw new AppError("not-found", `There is no monitor with id ${JSON.stringify(id)}.`);
  const judge = request.judge ? judgeSettings(request.judge, env) : null;
  const criterionIds = request.criteria ? await resolveCriteria(prisma, actor, request.criteria) : monitor.run.criteria.map((row) => row.criterionId);
  const ruleIds = request.alert ? await ruleCriteria(prisma, request.alert, criterionIds) : null;
  await prisma.$transaction(async (tx) => {
    if (request.criteria) {
      await tx.runCriterion.deleteMany({ where: { runId: monitor.runId } });
      await tx.runCriterion.createMany({ data: criterionIds.map((criterionId, position) => ({ runId: monitor.runId, criterionId, position })) });
    }
    if (judge || request.mode || request.name) {
      await tx.run.update({ where: { id: monitor.runId }, data: { ...(judge ?? {}), ...(request.mode ? { mode: request.mode } : {}), ...(request.name ? { name: `Monitor: ${request.name}` } : {}) } });
    }
    let reviewQueueId = monitor.reviewQueueId;
    if (request.review && !reviewQueueId) reviewQueueId = await reviewQueueFor(tx, request.name ?? monitor.name, monitor.runId, actor.id);
    await tx.monitor.update({
      where: { id },
      data: {
        ...(request.name ? { name: request.name } : {}),
        ...(request.filter ? { filter: request.filter } : {}),
        ...(request.sample === undefined ? {} : { sample: request.sample }),
        ...(request.paused === undefined ? {} : { paused: request.paused }),
        ...(request.review === undefined ? {} : { reviewPerDay: request.review?.perDay ?? null, reviewQueueId: request.review ? reviewQueueId : monitor.reviewQueueId }),
      },
    });
    if (request.alert && ruleIds) await writeRules(tx, id, request.alert, ruleIds);
  }, RUN_TRANSACTION);
}

/** Deletes a monitor; its run (with its results and review queue) goes too unless kept as an ordinary run. */
export async function deleteMonitor(prisma: PrismaClient, actor: MonitorActor, id: string, run: "keep" | "delete"): Promise<void> {
  checkRole(actor);
  const monitor = await prisma.monitor.findUnique({ where: { id }, select: { runId: true } });
  if (!monitor) throw new AppError("not-found", `There is no monitor with id ${JSON.stringify(id)}.`);
  await prisma.$transaction(async (tx) => {
    await tx.monitor.delete({ where: { id } });
    if (run === "delete") await tx.run.delete({ where: { id: monitor.runId } });
  }, RUN_TRANSACTION);
}
