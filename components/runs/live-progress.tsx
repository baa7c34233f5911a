"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { StatusBadge } from "@/components/ui/status-badge";
import { describeEstimate, type ProgressEstimate } from "@/lib/runs/progress-estimate";
import { ProgressBar } from "./progress-bar";

export interface LiveProgressData {
  status: string;
  total: number;
  finished: number;
  fraction: number;
  cacheHits: number;
  counts: Record<string, number>;
  error: string | null;
  errors: { error: string; errorKind: string | null; count: number }[];
  /** Not yet judged nor being judged, rows a worker has yet to create included. */
  waiting: number;
  estimate: ProgressEstimate;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number";
const isErrorGroup = (value: unknown): value is LiveProgressData["errors"][number] =>
  isRecord(value) && typeof value.error === "string" && (value.errorKind === null || typeof value.errorKind === "string") && isNumber(value.count);

const isRate = (value: unknown): value is number | null => value === null || isNumber(value);

function parseEstimate(value: unknown): ProgressEstimate | null {
  if (!isRecord(value) || !isRate(value.rate) || !isRate(value.etaSeconds)) return null;
  const { state, rate, etaSeconds, idleSeconds } = value;
  if ((state === "queued" || state === "measuring") && rate === null) return { state, rate: null, etaSeconds: null };
  if (state === "running" && isNumber(rate)) {
    const idle = isNumber(idleSeconds) ? { idleSeconds, anyResult: value.anyResult === true } : {};
    return { state, rate, etaSeconds, ...idle };
  }
  if (state === "stalled" && isNumber(idleSeconds)) return { state, rate: 0, etaSeconds: null, idleSeconds };
  if (state === "ended") return { state, rate, etaSeconds: null };
  return null;
}

/**
 * Checks the polled progress by hand: zod here would put its whole runtime in every run page's
 * scripts, which the browser must evaluate before the page responds, for one object.
 */
function parseProgress(value: unknown): LiveProgressData | null {
  if (!isRecord(value)) return null;
  const { status, total, finished, fraction, cacheHits, counts, error, errors, waiting } = value;
  const estimate = parseEstimate(value.estimate);
  if (typeof status !== "string" || !isNumber(total) || !isNumber(finished) || !isNumber(fraction) || !isNumber(cacheHits) || !isNumber(waiting) || !estimate) return null;
  if (!isRecord(counts) || (error !== null && typeof error !== "string") || !Array.isArray(errors) || !errors.every(isErrorGroup)) return null;
  const numbers = Object.entries(counts).filter((entry): entry is [string, number] => isNumber(entry[1]));
  return { status, total, finished, fraction, cacheHits, counts: Object.fromEntries(numbers), error, errors, waiting, estimate };
}

const ACTIVE = new Set(["pending", "running"]);

/**
 * Polls the run's progress while the worker judges, with the rate and time left the server
 * measures, and refreshes the page once the run ends.
 */
export function LiveProgress({ runId, initial }: { runId: string; initial: LiveProgressData }) {
  const router = useRouter();
  const [progress, setProgress] = useState(initial);
  const active = ACTIVE.has(progress.status);

  useEffect(() => {
    if (!ACTIVE.has(initial.status)) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const response = await fetch(`/api/runs/${runId}/progress`, { cache: "no-store" }).catch(() => null);
      if (!response?.ok || stopped) return;
      const parsed = parseProgress(await response.json());
      if (!parsed) return;
      setProgress(parsed);
      if (!ACTIVE.has(parsed.status)) {
        stopped = true;
        clearInterval(timer);
        router.refresh();
      }
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [runId, initial.status, router]);

  const c = progress.counts;
  return (
    <section aria-label="Progress" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-2">
          <StatusBadge status={progress.status} />
          <span data-testid="run-progress-text">
            {progress.finished} of {progress.total} evaluated
          </span>
        </span>
        <span className="text-slate-600">{progress.cacheHits} from cache</span>
      </div>
      <ProgressBar fraction={progress.fraction} label="Run progress" />
      <p className="text-sm text-slate-700">
        {c.done ?? 0} done · {c["not-applicable"] ?? 0} not applicable · {c.error ?? 0} errors{active ? ` · ${progress.waiting + (c.running ?? 0)} waiting` : ""}
      </p>
      <p data-testid="run-progress-rate" className={`text-sm ${progress.estimate.state === "stalled" ? "text-amber-800" : "text-slate-600"}`}>
        {describeEstimate(progress.estimate, progress.status)}
      </p>
      {progress.error ? <p role="alert" className="text-sm text-rose-800">{progress.error}</p> : null}
      {progress.errors.length > 0 ? (
        <ul className="text-sm text-rose-800" aria-label="Evaluation errors">
          {progress.errors.map((e) => (
            <li key={`${e.errorKind}-${e.error}`}>
              {e.count} × {e.errorKind ? `${e.errorKind}: ` : ""}
              {e.error}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
