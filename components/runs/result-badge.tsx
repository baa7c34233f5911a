/** A result as a coloured badge: a score from red (0) to green (1), a verdict, n/a, or an error. */
export function ResultBadge({ status, score, passed, scale }: { status: string; score: number | null; passed: boolean | null; scale: string }) {
  if (status === "pending" || status === "running") return <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-500">{status}</span>;
  if (status === "error") return <span className="rounded bg-rose-200 px-1.5 py-0.5 text-xs font-medium text-rose-900">error</span>;
  if (status === "not-applicable" || (score === null && passed === null)) return <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">n/a</span>;
  if (scale === "binary" || passed !== null) {
    return passed ? (
      <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">pass</span>
    ) : (
      <span className="rounded bg-rose-100 px-1.5 py-0.5 text-xs font-medium text-rose-800">fail</span>
    );
  }
  const value = score ?? 0;
  const tone = value >= 0.8 ? "bg-emerald-100 text-emerald-800" : value >= 0.5 ? "bg-amber-100 text-amber-800" : "bg-rose-100 text-rose-800";
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium tabular-nums ${tone}`}>{value.toFixed(2)}</span>;
}
