import { passes, PASS_THRESHOLD } from "@/lib/runs/results/verdict";

const base = "rounded px-1.5 py-0.5 text-xs";

/**
 * A result as a coloured badge: a binary verdict, a continuous score from red (below the pass
 * threshold) through amber to green, n/a, an error, or a result still waiting. Verdicts follow
 * `passes`, so the badge agrees with the summary counts and the verdict filter.
 */
export function ResultBadge({ status, score, passed, scale }: { status: string; score: number | null; passed: boolean | null; scale: string }) {
  if (status === "pending" || status === "running") return <span className={`${base} bg-slate-100 text-slate-600`}>{status}</span>;
  if (status === "error") return <span className={`${base} bg-rose-200 font-medium text-rose-900`}>error</span>;
  if (status === "not-applicable") return <span className={`${base} bg-slate-100 text-slate-600`}>n/a</span>;
  const verdict = passes(scale === "binary" ? "binary" : "continuous", score, passed);
  if (verdict === null) return <span className={`${base} bg-rose-200 font-medium text-rose-900`} title="The judge gave no usable score">invalid</span>;
  if (scale === "binary") {
    return verdict ? <span className={`${base} bg-emerald-100 font-medium text-emerald-800`}>pass</span> : <span className={`${base} bg-rose-100 font-medium text-rose-800`}>fail</span>;
  }
  const value = score ?? 0;
  const tone = value >= 0.8 ? "bg-emerald-100 text-emerald-800" : value >= PASS_THRESHOLD ? "bg-amber-100 text-amber-800" : "bg-rose-100 text-rose-800";
  return <span className={`${base} font-medium tabular-nums ${tone}`}>{value.toFixed(2)}</span>;
}
