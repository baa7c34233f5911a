import { can, type Role } from "@/lib/accounts/roles";
import { parseScopedCriterion } from "@/lib/criteria/scope";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { CHECK_INFOS } from "@/lib/judging/judges/checks/catalogue";
import { criterionWarnings, type CriterionWarning } from "@/lib/judging/judges/criterion-warnings";
import { judgeChoices } from "@/lib/judging/judges/judge-choices";
import { judgeConfigFromEnv, JUDGE_LABELS, publicJudgeConfig, type JudgeEnv } from "@/lib/judging/judges/registry";
import type { StartRunRequest } from "@/lib/runs/schemas/start-run";
import { newRunSchema, type RunSelection } from "@/lib/runs/schemas/runs";
import { createRun, type CreatedRun } from "./create-run";
import { resolveCriteria } from "./resolve-criteria";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { selectionWhere } from "./selection";
import { AppError } from "@/lib/platform/errors/app-error";

/**
 * Says which part of a selection names nothing, before anything is written. A run with
 * agent-level criteria judges transcripts, so for it transcripts without tool calls are enough.
 */
export async function checkSelection(prisma: PrismaClient, selection: RunSelection, options: { agentCriteria?: boolean } = {}): Promise<void> {
  if (selection.kind === "upload") {
    const upload = await prisma.upload.findUnique({ where: { id: selection.uploadId }, select: { id: true } });
    if (!upload) throw new AppError("unknown-transcripts", `transcripts.upload: there is no upload with id ${JSON.stringify(selection.uploadId)}.`, { path: "transcripts.upload" });
  }
  if (selection.kind === "transcripts") {
    const found = await prisma.transcript.findMany({ where: { id: { in: selection.ids } }, select: { id: true } });
    if (found.length < selection.ids.length) {
      const known = new Set(found.map((row) => row.id));
      const index = selection.ids.findIndex((id) => !known.has(id));
      const missing = selection.ids.length - found.length;
      const path = `transcripts.ids[${index}]`;
      throw new AppError("unknown-transcripts", `${path}: there is no transcript with id ${JSON.stringify(selection.ids[index])}${missing > 1 ? ` (${missing} ids in all are unknown)` : ""}.`, { path: path });
    }
  }
  if (options.agentCriteria) {
    const transcript = await prisma.transcript.findFirst({ where: selectionWhere(selection, sqlDialect(prisma)), select: { id: true } });
    if (!transcript) throw new AppError("empty-selection", "transcripts: the selection holds no transcripts to evaluate.", { path: "transcripts" });
    return;
  }
  const calls = await prisma.toolCall.findFirst({ where: { transcript: selectionWhere(selection, sqlDialect(prisma)) }, select: { id: true } });
  if (!calls) throw new AppError("empty-selection", "transcripts: the selected transcripts hold no tool calls to evaluate.", { path: "transcripts" });
}

/** Whether any reference (an id, or a criterion's text) names an agent-level criterion; reads only. */
async function namesAgentCriteria(prisma: PrismaClient, refs: readonly string[]): Promise<boolean> {
  const trimmed = refs.map((ref) => ref.trim());
  const stored = await prisma.criterion.findFirst({ where: { scope: "agent", OR: [{ id: { in: trimmed } }, { text: { in: trimmed } }] }, select: { id: true } });
  if (stored) return true;
  return trimmed.some((ref) => {
    const parsed = parseScopedCriterion(ref);
    return parsed.ok && parsed.scope === "agent";
  });
}

/**
 * Starts a run for the new-run form and `POST /api/runs` alike: checks the caller's role, builds
 * the judge from the server's environment (never from the request), checks the selection,
 * resolves criteria given by id or by text, then stores the run through createRun and returns
 * without judging anything.
 */
export interface StartedRun extends CreatedRun {
  /** Criteria the judge cannot measure (or not in this mode), by their place in the request: the run starts anyway. */
  warnings: CriterionWarning[];
}

export async function startRun(prisma: PrismaClient, actor: { role: Role }, request: StartRunRequest, judgeEnv: JudgeEnv, now: Date = new Date()): Promise<StartedRun> {
  if (!can(actor.role, "run")) throw new AppError("forbidden", `Your role (${actor.role}) does not allow starting runs. Ask an admin if you need it.`);
  const judge = judgeConfigFromEnv(request.judge, judgeEnv);
  if (!judge.ok) throw new AppError("judge-not-configured", `judge: the ${JUDGE_LABELS[request.judge]} judge is not configured on this server: ${judge.reason}.`, { path: "judge" });
  await checkSelection(prisma, request.selection, { agentCriteria: await namesAgentCriteria(prisma, request.criteria) });
  const criterionIds = await resolveCriteria(prisma, actor, request.criteria);
  const run = newRunSchema.parse({ name: request.name, selection: request.selection, criterionIds, judge: publicJudgeConfig(judge.config), mode: request.mode });
  const created = await createRun(prisma, run, now);
  const stored = await prisma.criterion.findMany({ where: { id: { in: criterionIds } }, select: { id: true, text: true } });
  const texts = new Map(stored.map((criterion) => [criterion.id, criterion.text]));
  const choice = judgeChoices(judgeEnv).find((candidate) => candidate.kind === request.judge);
  const warnings = choice ? criterionWarnings(choice, criterionIds.map((id) => texts.get(id) ?? ""), request.mode, CHECK_INFOS) : [];
  return { ...created, warnings };
}
