import { can, type Role } from "@/lib/accounts/roles";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { prepareCall, ViewMemo, type JudgeCallOutcome, type PreparedCall } from "@/lib/judging/engine/judge-call";
import { judgeCalls } from "@/lib/judging/engine/judge-calls";
import { sharedChecksJudge } from "@/lib/judging/engine/checks-threads";
import { createLimiter, defaultConcurrency } from "@/lib/judging/engine/limiter";
import { modesFor } from "@/lib/judging/engine/modes";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { buildJudge } from "@/lib/judging/judges/build-judge";
import { JUDGE_LABELS, publicJudgeConfig, type JudgeEnv } from "@/lib/judging/judges/registry";
import { PREVIEW_CALLS, type ParsedPreviewRequest, type PreviewChoice, type PreviewRow } from "@/lib/criteria/schemas/preview";
import { runJudgeSchema, type RunMode } from "@/lib/runs/schemas/runs";
import { checkSelection } from "@/lib/runs/server/start-run";
import { timeoutFor } from "@/lib/judging/engine/judge-from-env";
import { pickApplicableCalls, pickPreviewCalls } from "@/lib/judging/engine/preview-sample";
import { applicableCalls, screenableCriteria } from "./applicable-calls";
import { loadPreviewCalls, loadPreviewCandidates, type PreviewCall, type PreviewCandidate } from "./load-preview-calls";
import { AppError } from "@/lib/platform/errors/app-error";

export interface CriteriaPreview {
  judgeId: string;
  calls: number;
  choice: PreviewChoice;
  rows: PreviewRow[];
}

// One retry at most: a preview is waited for by someone, and a failure is worth seeing as it is.
const PREVIEW_RETRY = { maxAttempts: 2, baseDelayMs: 500, maxDelayMs: 2_000, maxRetryAfterMs: 5_000 };

function row(call: PreviewCall, criterion: Criterion, mode: PreviewRow["mode"], outcome: JudgeCallOutcome): PreviewRow {
  const base = { transcriptId: call.transcriptId, transcriptName: call.transcriptName, toolCallId: call.toolCallId, ordinal: call.site.ordinal, toolName: call.site.toolName, criterion: criterion.text, scale: criterion.scale, mode };
  if (outcome.status === "aborted") return { ...base, status: "error", score: null, passed: null, explanation: "The preview was stopped.", measuredBy: [], cached: false };
  if (outcome.status === "error") return { ...base, status: "error", score: null, passed: null, explanation: outcome.error, measuredBy: [], cached: false };
  const { result } = outcome;
  return { ...base, status: outcome.status, score: result.score, passed: result.passed, explanation: result.explanation, measuredBy: result.measuredBy ?? [], cached: outcome.cached };
}

/**
 * PREVIEW_CALLS calls the criteria apply to, by the built-in checks' reading of every candidate
 * (whatever the preview's judge: a paid judge is then asked about these calls only), filled up
 * with others when fewer apply; a sample of the candidates when the checks measure none of them.
 */
async function chooseCalls(prisma: PrismaClient, candidates: PreviewCandidate[], criteria: Criterion[], mode: RunMode, views: ViewMemo): Promise<{ calls: PreviewCall[]; choice: PreviewChoice }> {
  const screenable = screenableCriteria(criteria);
  if (!screenable.length) return { calls: await loadPreviewCalls(prisma, pickPreviewCalls(candidates, PREVIEW_CALLS)), choice: { kind: "sampled" } };
  const pool = await loadPreviewCalls(prisma, candidates);
  const applicable = await applicableCalls(pool, screenable, mode, views);
  const picked = pickApplicableCalls(pool, (call) => applicable.has(call.toolCallId), PREVIEW_CALLS);
  return { calls: picked.calls, choice: { kind: "screened", looked: pool.length, applicable: picked.applicable } };
}

/**
 * Judges a handful of calls against criteria that need not be stored, through the same path as
 * a run's worker (the engine's judgeCalls, the run's judge settings and cache key), and stores
 * nothing: results an earlier run cached are read, new ones are returned only. The judge is
 * built from the server's environment, never from the request.
 */
export async function previewCriteria(prisma: PrismaClient, actor: { role: Role }, request: ParsedPreviewRequest, judgeEnv: JudgeEnv): Promise<CriteriaPreview> {
  if (!can(actor.role, "run")) throw new AppError("forbidden", `Your role (${actor.role}) does not allow judging calls. Ask an admin if you need it.`);
  // The built-in judge on its thread: a preview on the web server never judges on its event loop.
  const built = buildJudge(request.judgeKind, judgeEnv, { checks: sharedChecksJudge });
  if (!built.ok && built.problem === "not-configured") {
    throw new AppError("judge-not-configured", `The ${JUDGE_LABELS[request.judgeKind]} judge is not configured on this server: ${built.reason}.`, { path: "judge" });
  }
  const criteria = request.criteria.map((text) => {
    const parsed = parseCriterion(text);
    if (!parsed.ok) throw new AppError("invalid-criterion", parsed.message, { path: "criteria" });
    return parsed.criterion;
  });
  const selection = request.selection ?? { kind: "all" };
  await checkSelection(prisma, selection);
  const candidates = await loadPreviewCandidates(prisma, selection);
  if (!candidates.length) throw new AppError("empty-selection", "The selected transcripts hold no tool calls to preview on.", { path: "transcripts" });
  if (!built.ok) throw built.error;
  const { judge } = built;
  const views = new ViewMemo();
  const { calls, choice } = await chooseCalls(prisma, candidates, criteria, request.mode, views);

  // What a run would store as its judge: the same settings give the same cache keys.
  const settings = runJudgeSchema.parse(publicJudgeConfig(built.config));
  const places: { call: PreviewCall; criterion: Criterion; mode: PreviewRow["mode"] }[] = [];
  const prepared: PreparedCall[] = [];
  for (const call of calls) {
    const hasResponse = call.site.responseIndex !== null;
    for (const criterion of criteria) {
      for (const mode of modesFor(request.mode, hasResponse)) {
        const view = views.get(call.toolCallId, mode, call.transcript, call.site);
        places.push({ call, criterion, mode });
        prepared.push(prepareCall({ judge, settings, criterion, mode, view, hasResponse, timeoutMs: timeoutFor(settings) }));
      }
    }
  }
  // As the worker does: every cache key looked up in one query, the judge asked on a miss only.
  const limiter = createLimiter(defaultConcurrency(judge.id));
  const outcomes = await judgeCalls(prepared, {
    lookup: async (keys) => {
      const entries = await prisma.judgeCache.findMany({ where: { key: { in: [...new Set(keys)] } }, select: { key: true, result: true } });
      return new Map(entries.map((entry) => [entry.key, entry.result]));
    },
    limiterFor: () => limiter,
    retry: PREVIEW_RETRY,
  });
  return { judgeId: judge.id, calls: calls.length, choice, rows: places.map(({ call, criterion, mode }, index) => row(call, criterion, mode, outcomes[index])) };
}
