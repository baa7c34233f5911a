/*
 * How fast a run goes and how long it has left, from the count of finished evaluations seen over
 * time. Pure: the server keeps the samples (one window per run) and every poller reads the same
 * figures, so a CI script and the run page agree.
 */

/** The count of finished evaluations (done, not applicable, error) at a moment, in ms since the epoch. */
export interface ProgressSample {
  at: number;
  finished: number;
}

export interface RateWindow {
  /** Oldest first; the first may lie before the window, as the anchor the rate is measured from. */
  samples: ProgressSample[];
  /** When the count was last seen to change (or first seen). */
  lastChangeAt: number;
}

/** The rate is measured over the last 20 s: recent enough to follow a run that speeds up or slows down. */
export const RATE_WINDOW_MS = 20_000;
/** Below 2 s of samples a rate is mostly noise: one worker batch more or less doubles it. */
export const MIN_SPAN_MS = 2_000;
/** No result for 30 s while a run is active: it is stalled (a judge that hangs, or no worker running). */
export const STALL_AFTER_MS = 30_000;
const MAX_SAMPLES = 64;
/** Pollers within this interval of each other add nothing but memory. */
const MIN_SAMPLE_GAP_MS = 200;

/** The window with `sample` added, trimmed to the last RATE_WINDOW_MS plus one anchor before it. */
export function recordSample(window: RateWindow | undefined, sample: ProgressSample, windowMs = RATE_WINDOW_MS): RateWindow {
  if (!window || window.samples.length === 0) return { samples: [sample], lastChangeAt: sample.at };
  const last = window.samples[window.samples.length - 1];
  // A count that went down (failed rows retried) starts the measure afresh.
  if (sample.finished < last.finished || sample.at < last.at) return { samples: [sample], lastChangeAt: sample.at };
  const lastChangeAt = sample.finished !== last.finished ? sample.at : window.lastChangeAt;
  const kept = sample.at - last.at < MIN_SAMPLE_GAP_MS && window.samples.length > 1 ? window.samples.slice(0, -1) : window.samples;
  const samples = [...kept, sample];
  const start = sample.at - windowMs;
  // Keep the newest sample at or before the window's start, so the window spans all of it.
  let first = 0;
  while (first + 1 < samples.length && samples[first + 1].at <= start) first += 1;
  return { samples: samples.slice(Math.max(first, samples.length - MAX_SAMPLES)), lastChangeAt };
}

export type ProgressEstimate =
  /** Stored, not yet picked up by a worker. */
  | { state: "queued"; rate: null; etaSeconds: null }
  /** Too few samples yet to say how fast. */
  | { state: "measuring"; rate: null; etaSeconds: null }
  /**
   * `etaSeconds` is null while nothing finished within the window (rate 0); then `idleSeconds` says
   * for how long, and `anyResult` whether the run has any result yet.
   */
  | { state: "running"; rate: number; etaSeconds: number | null; idleSeconds?: number; anyResult?: boolean }
  | { state: "stalled"; rate: 0; etaSeconds: null; idleSeconds: number }
  /** Done, cancelled or failed: the rate is the run's average, from its first claim to its end. */
  | { state: "ended"; rate: number | null; etaSeconds: null };

export interface EstimateInput {
  status: string;
  total: number;
  finished: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  now: number;
  window?: RateWindow;
}

const ACTIVE = new Set(["pending", "running"]);

export function estimateProgress(input: EstimateInput): ProgressEstimate {
  const { status, total, finished, now, window } = input;
  if (!ACTIVE.has(status)) {
    const from = input.startedAt ?? input.createdAt;
    const seconds = ((input.finishedAt ?? now) - from) / 1000;
    return { state: "ended", rate: seconds > 0 && finished > 0 ? finished / seconds : null, etaSeconds: null };
  }
  // Before a worker claims anything the run's own creation is the last sign of life.
  const idleSince = input.startedAt === null ? input.createdAt : Math.max(window?.lastChangeAt ?? input.startedAt, input.startedAt);
  const idleMs = now - idleSince;
  if (idleMs >= STALL_AFTER_MS) return { state: "stalled", rate: 0, etaSeconds: null, idleSeconds: Math.floor(idleMs / 1000) };
  if (input.startedAt === null) return { state: "queued", rate: null, etaSeconds: null };
  const samples = window?.samples ?? [];
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < MIN_SPAN_MS) return { state: "measuring", rate: null, etaSeconds: null };
  const rate = (last.finished - first.finished) / ((last.at - first.at) / 1000);
  if (rate <= 0) return { state: "running", rate: 0, etaSeconds: null, idleSeconds: Math.floor(idleMs / 1000), anyResult: finished > 0 };
  const remaining = Math.max(0, total - finished);
  return { state: "running", rate, etaSeconds: Math.ceil(remaining / rate) };
}

/** `42 s`, `3 min 5 s`, `2 h 10 min`: precise where it matters, never more digits than help. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 && s < 600 ? ` ${s % 60} s` : ""}`;
  const h = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  return `${h} h${min ? ` ${min} min` : ""}`;
}

/** `1,234`, `12.5`, `0.42`: a rate with as many digits as it deserves. */
export function formatRate(rate: number): string {
  if (rate >= 100) return Math.round(rate).toLocaleString("en-US");
  if (rate >= 10) return rate.toFixed(1);
  return rate.toFixed(2);
}

/** The sentence the run page shows beside its progress bar. */
export function describeEstimate(estimate: ProgressEstimate, status: string): string {
  switch (estimate.state) {
    case "queued":
      return "Waiting for a worker to start…";
    case "measuring":
      return "Measuring the rate…";
    case "running":
      if (estimate.etaSeconds !== null) return `${formatRate(estimate.rate)} evaluations/s · about ${formatDuration(estimate.etaSeconds)} left`;
      // Only as long as nothing came, never longer than the run has been going.
      if (estimate.idleSeconds === undefined) return "Judging…";
      return estimate.anyResult ? `Judging · no new result for ${formatDuration(estimate.idleSeconds)}` : `Judging the first calls · ${formatDuration(estimate.idleSeconds)} so far`;
    case "stalled":
      return `Stalled: no result for ${formatDuration(estimate.idleSeconds)}. Is a worker running (npm start runs one)?`;
    case "ended":
      if (estimate.rate === null) return status === "done" ? "Finished." : "Ended.";
      return `${status === "done" ? "Finished" : "Ended"} at ${formatRate(estimate.rate)} evaluations/s on average.`;
  }
}
