"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { z } from "zod";
import { StatusBadge } from "@/components/status-badge";
import { ProgressBar } from "./progress-bar";

const progressSchema = z.object({
  status: z.string(),
  total: z.number(),
  finished: z.number(),
  fraction: z.number(),
  cacheHits: z.number(),
  counts: z.record(z.string(), z.number()),
  error: z.string().nullable(),
  errors: z.array(z.object({ error: z.string(), errorKind: z.string().nullable(), count: z.number() })),
});
export type LiveProgressData = z.infer<typeof progressSchema>;

const ACTIVE = new Set(["pending", "running"]);

/** Polls the run's progress while the worker judges, and refreshes the page once it ends. */
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
      const parsed = progressSchema.safeParse(await response.json());
      if (!parsed.success) return;
      setProgress(parsed.data);
      if (!ACTIVE.has(parsed.data.status)) {
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
        {c.done ?? 0} done · {c["not-applicable"] ?? 0} not applicable · {c.error ?? 0} errors{active ? ` · ${(c.pending ?? 0) + (c.running ?? 0)} waiting` : ""}
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
