import type { AgentJudge } from "@/lib/judging/judges/agent/types";
import type { Judge } from "@/lib/judging/judges/types";
import { errorMessage } from "./errors";
import { judgeAgent, type PreparedAgent } from "./judge-agent";
import { cachedOutcome, failedCall, judgePrepared, type AttemptOptions, type JudgeablePrepared, type JudgeCallOutcome, type PreparedCall } from "./judge-call";
import { judgeGroup } from "./judge-group";
import type { Limiter } from "./limiter";
import type { ResultCache } from "./types";

/** A call (prepareCall) or a whole transcript against an agent-level criterion (prepareAgent), ready for the engine. */
export type Prepared = PreparedCall | PreparedAgent;

/** Stored results by cache key (a database's judge cache), for the keys asked. */
export type ResultLookup = (keys: readonly string[]) => Promise<ReadonlyMap<string, unknown>> | ReadonlyMap<string, unknown>;

/** Judgements by cache key, in flight or settled: shared by calls that should judge an identical call once. */
export type JudgementMemo = Map<string, Promise<JudgeCallOutcome>>;

export interface JudgeCallsOptions extends Omit<AttemptOptions, "limiter"> {
  /** Where stored results come from; every key of the calls is asked at once. A lookup that fails only costs judge calls. */
  lookup?: ResultLookup;
  /** Identical calls (same cache key) judged once across the calls given with this memo; the repeats count as cached. */
  memo?: JudgementMemo;
  /** The judge's concurrency limit for calls judged one by one; a group takes no slot. */
  limiterFor?: (judge: Judge | AgentJudge) => Limiter | undefined;
  /** Each time a judge is really asked about call `index` (each attempt of a call, once for a transcript; never for a cache hit). */
  onJudgeCall?: (index: number) => void;
  /**
   * Where outcomes go as they settle: those settled without a judge and the cache's hits
   * together, then each group's, then each call judged on its own. Awaited before judgeCalls returns.
   */
  onSettled?: (indices: readonly number[], outcomes: readonly JudgeCallOutcome[]) => void | Promise<void>;
}

/**
 * The engine's one path for prepared calls and transcripts: the cache looked up once for all of
 * them, then the judge asked about the misses, a judge of groups (Judge.evaluateMany) once for
 * all its calls under one timeout (judge-group.ts), any other judge call by call (or transcript
 * by transcript) under its limiter, a timeout and retries. Outcomes in the calls' order;
 * failures are outcomes, never exceptions.
 */
export async function judgeCalls(calls: readonly Prepared[], options: JudgeCallsOptions = {}): Promise<JudgeCallOutcome[]> {
  const outcomes: JudgeCallOutcome[] = new Array<JudgeCallOutcome>(calls.length);
  const reports: (void | Promise<void>)[] = [];
  const memoResolvers = new Map<number, (outcome: JudgeCallOutcome) => void>();
  const settle = (indices: readonly number[], settled: readonly JudgeCallOutcome[]) => {
    if (!indices.length) return;
    indices.forEach((index, at) => {
      outcomes[index] = settled[at];
      if (memoResolvers.size) memoResolvers.get(index)?.(settled[at]);
    });
    if (options.onSettled) reports.push(options.onSettled(indices, settled));
  };

  const ready: number[] = [];
  const readyOutcomes: JudgeCallOutcome[] = [];
  const waiting: (JudgeablePrepared | PreparedAgent)[] = [];
  const waitingIndices: number[] = [];
  const repeats: Promise<void>[] = [];
  calls.forEach((call, index) => {
    if (call.kind === "settled") {
      ready.push(index);
      readyOutcomes.push(call.outcome);
      return;
    }
    if (options.memo && call.key !== null) {
      const earlier = options.memo.get(call.key);
      if (earlier) {
        repeats.push(earlier.then((outcome) => settle([index], [repeated(outcome)])));
        return;
      }
      options.memo.set(call.key, new Promise((resolve) => memoResolvers.set(index, resolve)));
    }
    waiting.push(call);
    waitingIndices.push(index);
  });

  const stored = await lookUp(options.lookup, waiting.flatMap((call) => call.key ?? []));
  const misses = new Map<Judge, number[]>();
  const agents: number[] = [];
  waiting.forEach((call, at) => {
    const index = waitingIndices[at];
    const hit = call.key === null ? null : cachedOutcome(stored.get(call.key), call.key);
    if (hit) {
      ready.push(index);
      readyOutcomes.push(hit);
      return;
    }
    if (call.kind === "agent") {
      agents.push(index);
      return;
    }
    const forJudge = misses.get(call.judge);
    if (forJudge) forJudge.push(index);
    else misses.set(call.judge, [index]);
  });
  settle(ready, readyOutcomes);

  const judging: Promise<void>[] = [];
  for (const [judge, indices] of misses) {
    if (judge.evaluateMany) judging.push(judgeTogether(judge, indices, calls, options).then((settled) => settle(indices, settled)));
    else for (const index of indices) judging.push(judgeAlone(index, calls[index] as JudgeablePrepared, options).then((outcome) => settle([index], [outcome])));
  }
  for (const index of agents) judging.push(judgeTranscript(index, calls[index] as PreparedAgent, options).then((outcome) => settle([index], [outcome])));
  await Promise.all([...judging, ...repeats]);
  await Promise.all(reports);
  return outcomes;
}

/** A repeat of a call judged earlier in the same memo: the same answer, from the cache, at no cost. */
function repeated(outcome: JudgeCallOutcome): JudgeCallOutcome {
  return outcome.status === "aborted" || outcome.status === "error" ? outcome : { ...outcome, cached: true, attempts: 0, latencyMs: null };
}

async function lookUp(lookup: ResultLookup | undefined, keys: readonly string[]): Promise<ReadonlyMap<string, unknown>> {
  if (!lookup || !keys.length) return new Map();
  try {
    return await lookup(keys);
  } catch {
    // A cache that cannot be read only costs judge calls.
    return new Map();
  }
}

async function judgeTogether(judge: Judge, indices: readonly number[], calls: readonly Prepared[], options: JudgeCallsOptions): Promise<JudgeCallOutcome[]> {
  const group = indices.map((index) => calls[index] as JudgeablePrepared);
  if (options.onJudgeCall) for (const index of indices) options.onJudgeCall(index);
  try {
    return await judgeGroup(judge, group, options.signal);
  } catch (error) {
    return group.map((call) => ({ ...failedCall("internal", errorMessage(error)), cacheKey: call.key }));
  }
}

function judgeAlone(index: number, call: JudgeablePrepared, options: JudgeCallsOptions): Promise<JudgeCallOutcome> {
  const { onJudgeCall } = options;
  // Reports each attempt; the cache key was made before, from the judge itself.
  const judge: Judge = onJudgeCall
    ? {
        id: call.judge.id,
        version: call.judge.version,
        evaluate: (input, signal) => {
          onJudgeCall(index);
          return call.judge.evaluate(input, signal);
        },
      }
    : call.judge;
  return judgePrepared(call, { timeoutMs: options.timeoutMs, retry: options.retry, signal: options.signal, limiter: options.limiterFor?.(call.judge) }, judge);
}

function judgeTranscript(index: number, agent: PreparedAgent, options: JudgeCallsOptions): Promise<JudgeCallOutcome> {
  // Once per transcript, as the worker has always counted agent-level judging.
  options.onJudgeCall?.(index);
  return judgeAgent(agent, { timeoutMs: options.timeoutMs, retry: options.retry, signal: options.signal, limiter: options.limiterFor?.(agent.judge) });
}

/** A cache asked key by key (the CLI's --save database) as a lookup: a key that cannot be read only costs its judge call. */
export function lookupIn(cache: ResultCache): ResultLookup {
  const read = async (key: string): Promise<[string, unknown]> => {
    try {
      return [key, await cache.get(key)];
    } catch {
      return [key, undefined];
    }
  };
  return async (keys) => new Map(await Promise.all(keys.map(read)));
}
