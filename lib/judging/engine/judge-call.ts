import type { Criterion } from "@/lib/criteria/parse";
import type { CallView, Judge, JudgeResult, ViewMode } from "@/lib/judging/judges/types";
import type { CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import { cacheKey } from "./cache-key";
import { evaluateCall, type EvaluateCallOutcome } from "./engine";
import { errorMessage } from "./errors";
import { validateJudgeResult } from "./judge-result";
import type { Limiter } from "./limiter";
import type { RetryOptions } from "./retry";
import { viewFor, type ViewResult } from "./views";

/**
 * "Judge one call": the view, whether it can be judged at all, the cache key, the judge and the
 * outcome. Every caller (the worker, the CLI and /api/v1/evals, the criterion preview,
 * bench:judge) goes through judge-calls.ts, which puts these steps together; they differ only in
 * where cached results come from and where outcomes go.
 */
export type JudgeCallOutcome =
  | { status: "done" | "not-applicable"; result: JudgeResult; cacheKey: string | null; cached: boolean; attempts: number; latencyMs: number | null }
  | { status: "error"; error: string; errorKind: string; cacheKey: string | null; attempts: number; latencyMs: number | null }
  /** The caller is stopping: nothing was decided. */
  | { status: "aborted" };

export type SettledJudgeCall = Exclude<JudgeCallOutcome, { status: "aborted" }>;

/** Either settled without a judge (no view), or ready for the cache (unless the judge is not cached: key null) and then the judge. */
export type PreparedCall = { kind: "settled"; outcome: SettledJudgeCall } | JudgeablePrepared;

/** A call with a view: what its judge is asked, under what cache key, and how long an attempt may take. */
export interface JudgeablePrepared {
  kind: "judge";
  judge: Judge;
  criterion: Criterion;
  view: CallView;
  key: string | null;
  /** Per attempt (a group's timeout is the longest of its calls'); absent: the engine's default. */
  timeoutMs?: number;
}

export interface CallToJudge {
  judge: Judge;
  /** What changes the judge's results (model, temperature): part of the cache key. */
  settings?: Record<string, unknown>;
  criterion: Criterion;
  mode: ViewMode;
  /** From a ViewMemo, so that the criteria of one call share a view (and its canonical form). */
  view: ViewResult;
  hasResponse: boolean;
  timeoutMs?: number;
}

/** Views of calls, per call and mode: a judge that memoises its analysis per view (checks does) then analyses a call once. */
export class ViewMemo {
  private readonly views = new Map<string, ViewResult>();

  get(callKey: string, mode: ViewMode, transcript: CanonicalTranscript, site: ToolCallSite): ViewResult {
    const key = `${callKey}|${mode}`;
    let view = this.views.get(key);
    if (!view) this.views.set(key, (view = viewFor(mode, transcript, site)));
    return view;
  }
}

/** For callers that answer every call even when stopped (the CLI, the evaluation API): a stop is an error that says so. */
export function stoppedAsError(outcome: JudgeCallOutcome): SettledJudgeCall {
  return outcome.status === "aborted" ? failedCall("aborted", "the evaluation was stopped") : outcome;
}

export function failedCall(errorKind: string, error: string): SettledJudgeCall {
  return { status: "error", error, errorKind, cacheKey: null, attempts: 0, latencyMs: null };
}

/** The outcome of a call that has no view in `mode`: nothing for a judge to see. */
export function withoutView(mode: ViewMode, hasResponse: boolean, reason: string): SettledJudgeCall {
  // Hindsight asked of a call that has no response is not applicable, with the view's reason, rather than an error.
  if (mode === "hindsight" && !hasResponse) {
    const result: JudgeResult = { score: null, passed: null, applicable: false, explanation: reason, findings: [] };
    return { status: "not-applicable", result, cacheKey: null, cached: false, attempts: 0, latencyMs: null };
  }
  return failedCall("invalid_transcript", reason);
}

export function prepareCall(call: CallToJudge): PreparedCall {
  const { view, judge, criterion, timeoutMs } = call;
  if (!view.ok) return { kind: "settled", outcome: withoutView(call.mode, call.hasResponse, view.reason) };
  // A judge that is not cached (checks) is cheaper to ask again than to key and look up.
  const key = judge.cacheable === false ? null : cacheKey({ judgeId: judge.id, judgeVersion: judge.version, settings: call.settings, criterionText: criterion.text, view: view.view });
  return { kind: "judge", judge, criterion, view: view.view, key, timeoutMs };
}

/** A stored result for `key` as an outcome, or null when there is none or it is not a valid result (then the judge is asked). */
export function cachedOutcome(stored: unknown, key: string | null): SettledJudgeCall | null {
  if (key === null || stored === undefined || stored === null) return null;
  const hit = validateJudgeResult(stored);
  if (!hit.ok) return null;
  return { status: hit.result.applicable ? "done" : "not-applicable", result: hit.result, cacheKey: key, cached: true, attempts: 0, latencyMs: null };
}

/** How the engine waits for a judge: its limiter, a timeout per attempt, retries and the caller's signal. */
export interface AttemptOptions {
  limiter?: Limiter;
  timeoutMs?: number;
  retry?: Partial<Omit<RetryOptions, "signal">>;
  signal?: AbortSignal;
}

/** Asks the judge about a prepared call: retries, timeout (the call's own, else `options`') and validation by the engine; never throws. */
export async function judgePrepared(prepared: JudgeablePrepared, options: AttemptOptions, judge: Judge = prepared.judge): Promise<JudgeCallOutcome> {
  try {
    const outcome = await evaluateCall({ ...options, timeoutMs: prepared.timeoutMs ?? options.timeoutMs, judge, criterion: prepared.criterion, view: prepared.view });
    return outcome.status === "aborted" ? { status: "aborted" } : judgedCall(outcome, prepared.key);
  } catch (error) {
    return { ...failedCall("internal", errorMessage(error)), cacheKey: prepared.key };
  }
}

/** A judge's settled outcome for a call, under the call's cache key. */
export function judgedCall(outcome: Exclude<EvaluateCallOutcome, { status: "aborted" }>, cacheKey: string | null): SettledJudgeCall {
  if (outcome.status === "error") return { status: "error", error: outcome.error, errorKind: outcome.errorKind, cacheKey, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
  return { status: outcome.status, result: outcome.result, cacheKey, cached: false, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
}
